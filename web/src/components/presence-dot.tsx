import styled from 'styled-components';
import type { PresenceStatus } from '@/lib/events';
import { usePresenceOf } from '@/lib/presence';
import { theme } from '@/theme/theme';

export const PRESENCE_LABEL: Record<PresenceStatus, string> = { online: 'オンライン', away: '離席中', offline: 'オフライン' };
const COLOR: Record<PresenceStatus, string> = {
  online: theme.color.presenceOnline,
  away: theme.color.presenceAway,
  offline: theme.color.presenceOffline,
};

const Dot = styled.span<{ $status: PresenceStatus }>`
  display: inline-block;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  flex-shrink: 0;
  background: ${(p) => (p.$status === 'offline' ? theme.color.white : COLOR[p.$status])};
  border: 2px solid ${(p) => (p.$status === 'offline' ? COLOR.offline : theme.color.white)};
  box-sizing: content-box;
`;

/** A user's online state as a dot (green online, amber away, a grey ring offline), kept live by `presence.updated` (`lib/presence.ts`). */
export function PresenceDot({ userId, className }: { userId: number; className?: string }) {
  const status = usePresenceOf(userId);
  return <Dot className={className} $status={status} role="img" aria-label={PRESENCE_LABEL[status]} title={PRESENCE_LABEL[status]} data-testid="presence-dot" data-status={status} />;
}

/** The dot on an avatar's lower right corner. */
export const AvatarDot = styled(PresenceDot)`
  position: absolute;
  right: -2px;
  bottom: -2px;
`;
