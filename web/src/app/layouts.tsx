import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Layout } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { useIsMobile } from '@/lib/device';
import { preloadable } from '@/lib/preloadable';
import { theme } from '@/theme/theme';

const loadChrome = () => import('./chrome');
const header = preloadable(() => loadChrome().then((m) => ({ default: m.Header })));
const phoneNav = preloadable(() => loadChrome().then((m) => ({ default: m.PhoneNav })));
const sideMenu = preloadable(() => loadChrome().then((m) => ({ default: m.SideMenu })));
const Header = header.Component;
const PhoneNav = phoneNav.Component;
const SideMenu = sideMenu.Component;
const preloadChrome = () => [header, phoneNav, sideMenu].forEach((part) => void part.preload());
// A member's pages all need the frame: fetch it alongside the entry (or as the session starts),
// not after the page's own chunk.
if (useAuth.getState().token) preloadChrome();
else {
  const stop = useAuth.subscribe((state) => {
    if (!state.token) return;
    stop();
    preloadChrome();
  });
}

const CONTENT_PADDING = { desktop: 24, phone: 12 };

/**
 * `--chrome-height` is what the header, the tab bar and the padding take of the viewport, so a
 * page that fills the screen (a channel) sizes itself without knowing which frame it is in.
 */
const Desktop = styled.div`
  --chrome-height: ${theme.size.headerDesktop + CONTENT_PADDING.desktop * 2}px;
`;
const Phone = styled.div<{ $tabBar: boolean }>`
  --chrome-height: ${(p) => theme.size.headerMobile + CONTENT_PADDING.phone * 2 + (p.$tabBar ? theme.size.tabBar : 0)}px;
  padding-bottom: ${(p) => (p.$tabBar ? theme.size.tabBar : 0)}px;
`;
const Content = styled.main`
  max-width: ${theme.size.contentMax}px;
  margin: 0 auto;
  padding: ${CONTENT_PADDING.desktop}px 16px;
`;
const Row = styled.div`
  display: flex;
`;
const Grow = styled.div`
  flex: 1;
  min-width: 0;
`;
const PhoneContent = styled.main`
  padding: ${CONTENT_PADDING.phone}px;
  min-width: 0;
`;

/**
 * Wraps a page in its layout: empty; default and container (header, and the side menu for a
 * logged-in member: the default-layout pages are member pages too, and without it /user/edit and
 * /leader_teams were dead ends); sp (phone). At phone width no layout draws the desktop side
 * menu: every framed page gets the phone header and the tab bar, whichever layout the route has.
 */
export function LayoutFrame({ layout, children }: { layout: Layout; children: ReactNode }) {
  const mobile = useIsMobile();
  const signedIn = useAuth((s) => !!s.user.data);
  if (layout === 'empty') return <>{children}</>;
  // The frame's chunk loads alongside the page's own; the page shows with its frame.
  if (mobile || layout === 'sp') {
    return (
      <Suspense fallback={null}>
        <Phone data-layout={layout} $tabBar={signedIn}>
          <Header mobile />
          <PhoneContent>{children}</PhoneContent>
          <PhoneNav />
        </Phone>
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
      <Desktop data-layout={layout}>
        <Header mobile={false} />
        <Row>
          {signedIn && <SideMenu />}
          <Grow>
            <Content>{children}</Content>
          </Grow>
        </Row>
      </Desktop>
    </Suspense>
  );
}
