/**
 * The small markup of a message body, parsed into a tree that `MessageBody` draws as React
 * elements (never as HTML): ``` code blocks ```, `> ` quotes, `- ` / `1. ` lists, **bold**,
 * `inline code`, links (bare or `[text](url)`, http and https only) and `<@id>` mentions.
 * Anything else, `<script>` and `javascript:` included, stays the text it was.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'bold'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; text: string }
  | { type: 'mention'; userId: number };

export type Block =
  | { type: 'line'; inline: Inline[] }
  | { type: 'blank' }
  | { type: 'quote'; lines: Inline[][] }
  | { type: 'code'; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] };

const URL_CHARS = String.raw`[^\s<>"'\`「」『』（）、。]+`;
/** Tried in this order at each position; code first, so nothing inside it is markup. */
const INLINE = new RegExp(
  [
    String.raw`\`([^\`\n]+)\``, // 1 inline code
    String.raw`\[([^\]\n]+)\]\((https?:\/\/[^\s()<>"'\`]+)\)`, // 2 text, 3 url
    `(https?:\\/\\/${URL_CHARS})`, // 4 bare url
    String.raw`<@(\d+)>`, // 5 mention
    String.raw`\*\*(.+?)\*\*`, // 6 bold
  ].join('|'),
  'g',
);

/** An http(s) address as the browser will read it, or null (so no other scheme ever becomes a link). */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A bare link ends before the punctuation that closes its sentence. */
function trimUrl(url: string): [string, string] {
  const match = /[.,:;!?)\]]+$/.exec(url);
  return match ? [url.slice(0, match.index), match[0]] : [url, ''];
}

export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = nodes.at(-1);
    if (last?.type === 'text') last.text += value;
    else nodes.push({ type: 'text', text: value });
  };
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    pushText(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [whole, code, label, labelled, bare, mention, bold] = match;
    if (code !== undefined) nodes.push({ type: 'code', text: code });
    else if (label !== undefined) {
      const href = safeHref(labelled);
      if (href) nodes.push({ type: 'link', href, text: label });
      else pushText(whole);
    } else if (bare !== undefined) {
      const [url, rest] = trimUrl(bare);
      const href = safeHref(url);
      if (href) nodes.push({ type: 'link', href, text: url });
      else pushText(url);
      pushText(rest);
    } else if (mention !== undefined) nodes.push({ type: 'mention', userId: Number(mention) });
    else if (bold !== undefined && bold.trim()) nodes.push({ type: 'bold', children: parseInline(bold) });
    else pushText(whole);
  }
  pushText(text.slice(last));
  return nodes;
}

const FENCE = /^```/;
const BULLET = /^\s*[-*・]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)．]\s+(.*)$/;

export function parseBody(body: string): Block[] {
  const lines = body.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const oneLine = /^```(.+)```\s*$/.exec(line);
    if (oneLine) {
      blocks.push({ type: 'code', text: oneLine[1] });
      continue;
    }
    if (FENCE.test(line)) {
      const end = lines.findIndex((l, j) => j > i && l.trimEnd() === '```');
      if (end > i) {
        // The opening fence may name a language; it is not used.
        blocks.push({ type: 'code', text: lines.slice(i + 1, end).join('\n') });
        i = end;
        continue;
      }
    }
    const previous = blocks.at(-1);
    if (line.startsWith('>')) {
      const inline = parseInline(line.replace(/^>\s?/, ''));
      if (previous?.type === 'quote') previous.lines.push(inline);
      else blocks.push({ type: 'quote', lines: [inline] });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = !!numbered;
      const inline = parseInline(bullet ? bullet[1] : numbered![2]);
      if (previous?.type === 'list' && previous.ordered === ordered) previous.items.push(inline);
      else blocks.push({ type: 'list', ordered, start: numbered ? Number(numbered[1]) : 1, items: [inline] });
      continue;
    }
    blocks.push(line ? { type: 'line', inline: parseInline(line) } : { type: 'blank' });
  }
  return blocks;
}

/** The body as plain text (a notification's preview): markup gone, mentions as 「@名前」. */
export function plainText(body: string, nameOf: (userId: number) => string | undefined): string {
  const inline = (nodes: Inline[]): string =>
    nodes
      .map((n) => {
        if (n.type === 'bold') return inline(n.children);
        if (n.type === 'mention') return `@${nameOf(n.userId) ?? `ユーザー${n.userId}`}`;
        return n.text;
      })
      .join('');
  return parseBody(body)
    .map((b) => {
      if (b.type === 'line') return inline(b.inline);
      if (b.type === 'quote') return b.lines.map(inline).join('\n');
      if (b.type === 'list') return b.items.map(inline).join('\n');
      if (b.type === 'code') return b.text;
      return '';
    })
    .join('\n')
    .trim();
}
