/**
 * Finding a member from what follows `@`: their name as shown (kanji) or its reading (kana),
 * with widths, spaces, case and katakana/hiragana folded, so 「やまだ」「ﾔﾏﾀﾞ」「山田」 all find 山田 花子.
 */
import type { Member } from './types';

/** NFKC (full/half width), lower case, no spaces, katakana as hiragana. */
export function foldName(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s/g, '')
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

export function memberMatches(member: Member, query: string): boolean {
  const wanted = foldName(query);
  return foldName(member.userName).includes(wanted) || (!!member.nameKana && foldName(member.nameKana).includes(wanted));
}
