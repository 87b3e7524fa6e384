/**
 * The browser tab: the page's title and, for a member, how many chat messages they have not read,
 * in the title (「(3) チャット | Tsumugi」) and as a badge on the icon, drawn on a canvas (no
 * second image to download or keep in step with the first).
 */
import { theme } from '@/theme/theme';

let pageTitle = typeof document === 'undefined' ? 'Tsumugi' : document.title;
let unread = 0;
let drawnCount: number | null = null;

/** 「(3) 」 before the title when something is unread. */
export const titleWithCount = (title: string, count: number): string => (count > 0 ? `(${count}) ${title}` : title);

/** What the icon's badge says: up to two digits, then 「99+」. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

/** The page shown changed its title. */
export function setPageTitle(title: string): void {
  pageTitle = title;
  document.title = titleWithCount(pageTitle, unread);
}

let iconPending = false;

/**
 * The member's unread count changed (0 when nobody is logged in). The title follows at once; the
 * icon is drawn when the browser is idle (a canvas and a PNG encoding: tens of milliseconds on a
 * phone, which would otherwise lengthen the task that opened a channel).
 */
export function setUnreadCount(count: number): void {
  unread = Math.max(0, count);
  document.title = titleWithCount(pageTitle, unread);
  if (drawnCount === unread || iconPending) return;
  iconPending = true;
  whenIdle(() => {
    iconPending = false;
    if (drawnCount === unread) return;
    drawnCount = unread;
    setIcon(unread);
  });
}

/** Runs `work` when the main thread is idle (within a second), or soon where the browser cannot say. */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 0);
}

const ICON = 64;

/** The app's icon (a green tile with 「つ」) with a red badge counting `count`, as a PNG data URL; null without a canvas. */
function drawIcon(count: number): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = ICON;
  canvas.height = ICON;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d');
  } catch {
    return null;
  }
  if (!context) return null;
  context.fillStyle = theme.color.brand;
  context.beginPath();
  context.roundRect(0, 0, ICON, ICON, 12);
  context.fill();
  context.fillStyle = theme.color.white;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = 'bold 40px sans-serif';
  context.fillText('つ', ICON / 2, ICON / 2 + 2);
  if (count > 0) {
    const text = badgeText(count);
    context.fillStyle = theme.color.tabBadge;
    context.beginPath();
    context.arc(ICON - 20, 20, 20, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = theme.color.white;
    context.font = `bold ${text.length > 2 ? 18 : 26}px sans-serif`;
    context.fillText(text, ICON - 20, 21);
  }
  return canvas.toDataURL('image/png');
}

function setIcon(count: number): void {
  // jsdom has no canvas: tests skip the drawing (its console says so otherwise).
  if (typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom')) return;
  const href = drawIcon(count);
  if (!href) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.type = 'image/png';
  link.href = href;
  link.dataset.unread = String(count);
}
