import styled from 'styled-components';
import { theme } from '@/theme/theme';
import { useConnection } from '../store';

const Bar = styled.div<{ $down: boolean }>`
  position: fixed;
  bottom: 16px;
  left: 16px;
  z-index: ${theme.layer.flash};
  max-width: min(480px, calc(100vw - 32px));
  padding: 10px 14px;
  border-radius: 6px;
  color: ${theme.color.white};
  background: ${(p) => (p.$down ? theme.color.text : theme.color.brand)};
  box-shadow: ${theme.shadow.toast};
  ${theme.media.phone} {
    /* Above the tab bar. */
    bottom: ${theme.size.tabBar + 8}px;
    left: 8px;
  }
`;

const MESSAGES = {
  offline: 'オフラインです。接続が戻ると、この画面は自動で最新の状態になります。',
  reconnecting: 'サーバーとの接続が切れました。再接続しています…',
  back: '再接続しました。最新の状態に更新しました。',
} as const;

/** Tells a person who lost the connection that they are offline, and when the page has caught up. */
export function ConnectionBanner() {
  const { state, back } = useConnection();
  const shown = state === 'offline' || state === 'reconnecting' ? state : back ? 'back' : null;
  return (
    // The live region stays in the page so screen readers announce each change (a plain polite
    // region: an empty role="status" would stand beside each page's own status messages).
    // `data-connection` is the socket's state, for the browser tests that need a live page.
    <div aria-live="polite" aria-atomic="true" data-testid="connection-live-region" data-connection={state}>
      {shown && (
        <Bar $down={shown !== 'back'} data-testid="connection-banner" data-state={shown}>
          {MESSAGES[shown]}
        </Bar>
      )}
    </div>
  );
}
