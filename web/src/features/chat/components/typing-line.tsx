import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';
import { useChat } from '../store';
import type { Member } from '../types';

/** How long a `typing` keeps its person in the line (the composer sends one every 2 s while typing). */
export const TYPING_SHOWN_MS = 5_000;
const NO_TYPISTS: { userId: number; at: number }[] = [];

/** 「○○さんが入力中…」, two names, or 「複数人が入力中…」; null when nobody types. */
export function typingText(names: string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]}さんが入力中…`;
  if (names.length === 2) return `${names[0]}さん、${names[1]}さんが入力中…`;
  return '複数人が入力中…';
}

const Line = styled.div`
  min-height: 1.5em;
  padding: 0 12px;
  font-size: ${theme.font.sm};
  color: ${theme.color.subText};
`;

/** Under the composer: who else is typing in the channel now; a person leaves it when their message arrives or TYPING_SHOWN_MS after their latest keystroke. */
export function TypingLine({ channelId, members, ownUserId }: { channelId: number; members: Member[]; ownUserId: number }) {
  const typists = useChat((s) => s.typing[channelId] ?? NO_TYPISTS);
  const [now, setNow] = useState(() => Date.now());
  const shown = typists.filter((t) => t.userId !== ownUserId && now - t.at < TYPING_SHOWN_MS);
  // Wakes when the oldest shown entry expires, so the line clears without another event (`now`
  // moves only then: an entry newer than it is shown).
  const nextExpiry = shown.length ? Math.min(...shown.map((t) => t.at)) + TYPING_SHOWN_MS : null;
  useEffect(() => {
    if (nextExpiry === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, nextExpiry - Date.now()));
    return () => clearTimeout(timer);
  }, [nextExpiry]);
  const names = shown.map((t) => members.find((m) => m.id === t.userId)?.userName ?? '').filter(Boolean);
  const text = typingText(names);
  return (
    <Line aria-live="polite" data-testid="typing-line">
      {text}
    </Line>
  );
}
