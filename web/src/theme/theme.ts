/**
 * Design tokens of spec section 9. Text colours meet WCAG AA contrast (4.5:1) on white and on the
 * page background #f2f3f5; the browser tour checks it with axe on every route.
 */

/** Widest viewport that gets the phone layouts (lib/device asks the same question in script). */
const PHONE_MAX = 767;

export const theme = {
  color: {
    brand: '#237a47',
    brandDark: '#1b5e37',
    planner: '#c9302c',
    writer: '#157f7f',
    text: '#333333',
    subText: '#5c6370',
    border: '#d9dde3',
    background: '#f2f3f5',
    mobileBackground: '#ffffff',
    white: '#ffffff',
    info: '#1a64c8',
    alert: '#c9302c',
    warning: '#a86500',
    success: '#237a47',
    second: '#676c75',
    // Pale backgrounds behind the colours above.
    brandTint: '#e7f5ec',
    alertTint: '#fdecec',
    warningTint: '#fff6e0',
    /** A page's own caution (a placeholder document), bordered in warning. */
    cautionTint: '#fff8e6',
    unreadTint: '#f3faf6',
    // Controls and text.
    placeholder: '#6b7079',
    /** Days of the next or last month in the date picker. */
    textFaint: '#b9c0c9',
    borderHover: '#b9c0c9',
    /** The checkbox's own border, darker than `border` so an empty box is seen. */
    borderStrong: '#9aa1ab',
    rowHover: '#f7f8fa',
    /** Behind a small icon button on a tinted chip. */
    hoverShade: 'rgba(0, 0, 0, 0.08)',
    /** The edges of a table that scrolls sideways and hides more columns. */
    scrollShade: 'rgba(0, 0, 0, 0.18)',
    /** Under the modal and under the phone's open menu. */
    backdrop: 'rgba(0, 0, 0, 0.45)',
    drawerBackdrop: 'rgba(0, 0, 0, 0.4)',
    /** A label over a list, the list still seen through it. */
    veil: 'rgba(255, 255, 255, 0.9)',
    videoBackground: '#000000',
    // The maintenance banner: announced, then running.
    maintenanceScheduled: '#fff4d6',
    maintenanceRunning: '#fde2e2',
    // Chat.
    presenceOnline: '#2eb67d',
    presenceAway: '#e8a300',
    presenceOffline: '#b5bac1',
    searchHighlight: '#ffe58f',
    /** The message a search hit or a link opened. */
    focusedMessage: '#fff7d6',
    pinned: '#fffbea',
    code: '#f3f4f6',
    /** The unread count on the browser tab's icon. */
    tabBadge: '#e02424',
    // The manuscript editor: comments, suggestions and compared versions.
    comment: '#fff3c4',
    commentActive: '#ffe08a',
    commentMark: '#f2c94c',
    suggestedInsertion: '#e8f0fb',
    suggestedDeletion: '#fbeaea',
    diffAdded: '#e3f4e9',
    diffRemoved: '#fdf0ef',
  },
  shadow: {
    /** Around a focused control, the brand at 35%. */
    focus: '0 0 0 3px rgba(35, 122, 71, 0.35)',
    card: '0 1px 3px rgba(0, 0, 0, 0.08)',
    cardHover: '0 2px 8px rgba(0, 0, 0, 0.12)',
    /** Dropdowns of the header, the select and the date picker. */
    popover: '0 6px 16px rgba(0, 0, 0, 0.15)',
    /** Smaller boxes over the chat: message actions, mention list, search results. */
    floating: '0 4px 10px rgba(0, 0, 0, 0.12)',
    floatingButton: '0 2px 6px rgba(0, 0, 0, 0.2)',
    banner: '0 2px 6px rgba(0, 0, 0, 0.15)',
    toast: '0 2px 8px rgba(0, 0, 0, 0.2)',
    drawer: '2px 0 12px rgba(0, 0, 0, 0.2)',
    modal: '0 10px 30px rgba(0, 0, 0, 0.25)',
  },
  font: { xs: '10px', sm: '12px', md: '14px', lg: '16px', xl: '18px', xxl: '20px', lineHeight: 1.5, regular: 400, bold: 600 },
  layer: { notFound: 104, flash: 102, dialog: 100, modal: 98, overlay: 96, hover: 94 },
  size: {
    headerDesktop: 60,
    headerMobile: 45,
    sideMenuOpen: 220,
    sideMenuCompact: 70,
    contentMax: 1080,
    avatar: 40,
    dropdownMax: 200,
    noticeDropdown: 360,
    modal: 1040,
    workStatusCardMin: 230,
    phoneMax: PHONE_MAX,
    tabBar: 56,
  },
  media: { phone: `@media (max-width: ${PHONE_MAX}px)` },
  button: { height: { default: 40, sm: 30, xsm: 25 }, minWidth: 150, radius: 5 },
} as const;

export type Theme = typeof theme;

/** Bell/envelope colour per notice type (spec section 4). */
export const noticeColor: Record<string, string> = {
  message: theme.color.info,
  orderTask: theme.color.alert,
  rejectClientOrder: theme.color.warning,
  rejectDelivery: theme.color.warning,
  inspectedDelivery: theme.color.success,
  checkDelivery: theme.color.second,
  checkClientOrder: theme.color.alert,
  teamOffer: theme.color.alert,
};

/** Distinct colours for chart series (the media of a usage chart), the brand's first. */
export const chartPalette = [theme.color.brand, theme.color.info, theme.color.warning, theme.color.writer, theme.color.planner, '#8e6cc9', theme.color.second] as const;

/** Editors' caret colours (#rrggbb, as CollaborationCaret requires); a person keeps theirs. */
export const caretPalette = [
  theme.color.alert,
  theme.color.info,
  theme.color.brand,
  theme.color.warning,
  '#7b3fb0',
  theme.color.writer,
  '#b0306a',
  '#4a5a12',
] as const;
