/** Phone navigation: a bottom tab bar with the role's main places, and a drawer with the whole menu. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import styled from 'styled-components';
import { useAuth } from '@/features/auth/store';
import { PopoverHead } from '@/components/popover-head';
import { theme } from '@/theme/theme';
import { tabItemsFor } from './navigation';
import { MemberSummary, NavGroups, WorkRequirementWarning } from './side-menu';
import { Availability } from './work-status';

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${theme.layer.overlay};
  display: flex;
  height: calc(${theme.size.tabBar}px + env(safe-area-inset-bottom, 0px));
  padding-bottom: env(safe-area-inset-bottom, 0px);
  background: ${theme.color.white};
  border-top: 1px solid ${theme.color.border};
  a, button {
    flex: 1 1 0;
    min-width: 0;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 2px;
    border: none;
    background: none;
    padding: 4px 2px;
    font-size: ${theme.font.xs};
    color: ${theme.color.subText};
    text-decoration: none;
    cursor: pointer;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    &.active { color: ${theme.color.brand}; font-weight: ${theme.font.bold}; }
    &:focus-visible { outline: 2px solid ${theme.color.brand}; outline-offset: -2px; }
  }
  span[aria-hidden] { font-size: 20px; line-height: 1; }
`;
const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.layer.modal};
  background: ${theme.color.drawerBackdrop};
`;
const Drawer = styled.div`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${theme.layer.dialog};
  width: min(300px, 85vw);
  overflow-y: auto;
  background: ${theme.color.white};
  box-shadow: ${theme.shadow.drawer};
`;
const DrawerHead = styled(PopoverHead)`
  button {
    border: none;
    background: none;
    font-size: ${theme.font.xxl};
    cursor: pointer;
    padding: 4px 8px;
    &:focus-visible { outline: 2px solid ${theme.color.brand}; }
  }
`;

const AvailabilityBox = styled.div`
  padding: 8px 12px 0;
  border-bottom: 1px solid ${theme.color.border};
  &:empty { display: none; }
`;

/** The drawer with the whole menu; closes on Escape, on the backdrop and after choosing a place. */
function MenuDrawer({ onClose }: { onClose: () => void }) {
  const user = useAuth((s) => s.user.data);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  if (!user) return null;
  return (
    <>
      <Backdrop onClick={onClose} />
      <Drawer role="dialog" aria-modal="true" aria-label="メニュー" data-testid="menu-drawer">
        <DrawerHead>
          メニュー
          <button ref={close} type="button" aria-label="メニューを閉じる" onClick={onClose}>
            ×
          </button>
        </DrawerHead>
        <MemberSummary user={user} />
        <WorkRequirementWarning user={user} />
        <AvailabilityBox>
          <Availability />
        </AvailabilityBox>
        <NavGroups role={user.roleType} onNavigate={onClose} />
      </Drawer>
    </>
  );
}

export function PhoneNav() {
  const user = useAuth((s) => s.user.data);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // A page change (a tab, the back button) closes the drawer.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  const closeDrawer = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);
  if (!user) return null;
  return (
    <>
      <Bar aria-label="タブメニュー" data-testid="phone-nav">
        {tabItemsFor(user.roleType).map((item) => (
          <NavLink key={item.to} to={item.to}>
            <span aria-hidden>{item.icon}</span>
            {item.label}
          </NavLink>
        ))}
        <button ref={trigger} type="button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
          <span aria-hidden>☰</span>
          メニュー
        </button>
      </Bar>
      {open && <MenuDrawer onClose={closeDrawer} />}
    </>
  );
}
