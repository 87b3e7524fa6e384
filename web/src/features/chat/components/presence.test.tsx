import { act, cleanup, render, screen } from '@testing-library/react';
import { PresenceDot } from '@/components/presence-dot';
import type { UserPresence } from '@/lib/events';
import { usePresence } from '@/lib/presence';
import { chatMessage } from '@/test/chat-fixtures';
import { useChat } from '../store';
import type { Member } from '../types';
import { TYPING_SHOWN_MS, TypingLine, typingText } from './typing-line';

const member = (id: number, userName: string): Member => ({ id, userName, roleType: 'general', imageFile: null });
const members = [member(1, '自分'), member(2, '山田'), member(3, '佐藤'), member(4, '鈴木')];
const message = (userId: number) => chatMessage(100, 7, userId, '送りました');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useChat.setState({ typing: {}, histories: {} });
  usePresence.setState({ users: {} });
});

describe('typing line', () => {
  it('names one or two people and says 複数人 for more', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['山田'])).toBe('山田さんが入力中…');
    expect(typingText(['山田', '佐藤'])).toBe('山田さん、佐藤さんが入力中…');
    expect(typingText(['山田', '佐藤', '鈴木'])).toBe('複数人が入力中…');
  });

  it("shows others' typing, never one's own, and clears it after a few seconds or when their message arrives", () => {
    vi.useFakeTimers();
    render(<TypingLine channelId={7} members={members} ownUserId={1} />);
    const line = screen.getByTestId('typing-line');
    act(() => {
      useChat.getState().onTyping({ channelId: 7, userId: 1 });
      useChat.getState().onTyping({ channelId: 7, userId: 2 });
      useChat.getState().onTyping({ channelId: 8, userId: 3 });
    });
    expect(line).toHaveTextContent(/^山田さんが入力中…$/);
    act(() => useChat.getState().onTyping({ channelId: 7, userId: 3 }));
    expect(line).toHaveTextContent('山田さん、佐藤さんが入力中…');

    // 佐藤's message arrives: only 山田 is left; after the shown time nobody.
    act(() => useChat.getState().onCreated(message(3), 1));
    expect(line).toHaveTextContent(/^山田さんが入力中…$/);
    act(() => vi.advanceTimersByTime(TYPING_SHOWN_MS + 10));
    expect(line).toBeEmptyDOMElement();
  });
});

describe('presence dot', () => {
  it('follows presence.updated: offline until told, then online, away, offline', () => {
    render(<PresenceDot userId={2} />);
    const dot = screen.getByTestId('presence-dot');
    expect(dot).toHaveAttribute('data-status', 'offline');
    expect(dot).toHaveAccessibleName('オフライン');
    const push = (...users: UserPresence[]) => usePresence.getState().apply({ users });
    act(() => push({ userId: 2, status: 'online', seq: 1 }));
    expect(dot).toHaveAccessibleName('オンライン');
    act(() => push({ userId: 3, status: 'away', seq: 2 }));
    expect(dot).toHaveAttribute('data-status', 'online');
    // One push listing two changes of the same user: the later one shows.
    act(() => push({ userId: 2, status: 'online', seq: 2 }, { userId: 2, status: 'away', seq: 3 }));
    expect(dot).toHaveAccessibleName('離席中');
    act(() => push({ userId: 2, status: 'offline', seq: 4 }));
    expect(dot).toHaveAttribute('data-status', 'offline');
  });
});
