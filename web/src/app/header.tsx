import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { useDropdown } from '@/components/dropdown';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { href, paths } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { ImportantCounts } from '@/features/clients/components/important-counts';
import { NoticeDropdown } from '@/features/notices/components/notice-dropdown';
import { isProfileComplete } from '@/lib/profile';
import { isClient, isCreator, isStaff } from '@/lib/roles';
import { theme } from '@/theme/theme';
import { UserAvatar } from './side-menu';
import { Availability } from './work-status';

const Bar = styled.header<{ $mobile: boolean; $hidden: boolean }>`
  position: sticky;
  top: 0;
  z-index: ${theme.layer.overlay};
  height: ${(p) => (p.$mobile ? theme.size.headerMobile : theme.size.headerDesktop)}px;
  display: flex;
  align-items: center;
  gap: ${(p) => (p.$mobile ? 4 : 12)}px;
  padding: 0 ${(p) => (p.$mobile ? 8 : 16)}px;
  background: ${theme.color.white};
  border-bottom: 1px solid ${theme.color.border};
  transform: translateY(${(p) => (p.$hidden ? '-100%' : '0')});
  transition: transform 0.2s;
`;
const Logo = styled(Link)<{ $mobile: boolean }>`
  font-weight: ${theme.font.bold};
  font-size: ${(p) => (p.$mobile ? theme.font.lg : theme.font.xl)};
  color: ${theme.color.brand};
  text-decoration: none;
  margin-right: auto;
`;
const Warning = styled(Link)`
  color: ${theme.color.alert};
  font-size: ${theme.font.sm};
  white-space: nowrap;
`;
const AvatarButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  border-radius: 50%;
  cursor: pointer;
  display: flex;
  &:focus-visible { outline: 2px solid ${theme.color.brand}; outline-offset: 2px; }
`;
const MenuWrap = styled.div`
  position: relative;
`;
const Menu = styled.ul`
  position: absolute;
  right: 0;
  top: 40px;
  min-width: 220px;
  margin: 0;
  padding: 8px 0;
  list-style: none;
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: 6px;
  box-shadow: ${theme.shadow.popover};
  z-index: ${theme.layer.dialog};
  li > a, li > button {
    display: block;
    width: 100%;
    padding: 8px 16px;
    text-align: left;
    border: none;
    background: none;
    color: ${theme.color.text};
    text-decoration: none;
    cursor: pointer;
  }
`;

type MenuItem = { label: string; to: string };

/** The user menu by role (spec section 2, header); logout follows as the last entry. */
export function menuFor(role: string): MenuItem[] {
  if (isClient(role)) {
    return [
      { label: '基本情報編集', to: paths.userEditProfiles.path },
      { label: 'ログイン情報変更', to: paths.userEditAuth.path },
      { label: 'メール通知設定', to: paths.userEditMailFrequencies.path },
      { label: 'プライバシーポリシー', to: paths.privacies.path },
      { label: 'クッキーポリシー', to: paths.cookiePolicy.path },
      { label: '発注ガイド', to: paths.orderingGuide.path },
      { label: 'お知らせ', to: paths.information.path },
    ];
  }
  if (isCreator(role)) {
    return [
      { label: '会員情報編集', to: paths.userEdit.path },
      { label: 'ログイン情報', to: paths.userEditAuth.path },
      { label: '利用規約', to: paths.terms.path },
      { label: 'プライバシーポリシー', to: paths.privacies.path },
      { label: 'クッキーポリシー', to: paths.cookiePolicy.path },
      { label: 'お知らせ', to: paths.information.path },
      { label: 'マニュアル', to: paths.manual.path },
    ];
  }
  return [
    { label: '会員情報編集', to: paths.userEdit.path },
    { label: 'ログイン情報', to: paths.userEditAuth.path },
    { label: '利用規約', to: paths.terms.path },
    { label: 'お知らせ', to: paths.information.path },
  ];
}

/** Hides the phone header while scrolling down, shows it again on the way up. */
function useHideOnScrollDown(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    if (!enabled) return;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > last.current && y > theme.size.headerMobile);
      last.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

export function Header({ mobile }: { mobile: boolean }) {
  const user = useAuth((s) => s.user.data);
  const logOut = useAuth((s) => s.logOut);
  const navigate = useNavigate();
  const { open, setOpen, toggle, wrap, trigger, panel, onPanelKeyDown } = useDropdown<HTMLButtonElement, HTMLUListElement>();
  const [confirming, setConfirming] = useState(false);
  const hidden = useHideOnScrollDown(mobile);
  if (!user) return null;
  const role = user.roleType;

  const doLogout = async () => {
    setConfirming(false);
    setOpen(false);
    await logOut();
    navigate(href('login'), { replace: true });
  };

  return (
    <>
      <Bar $mobile={mobile} $hidden={hidden}>
        <Logo to={href('login')} $mobile={mobile}>Tsumugi</Logo>
        {isCreator(role) && !isProfileComplete(user) && (
          <Warning to={href('userEdit')} aria-label="プロフィールが未入力です">{mobile ? '⚠️' : 'プロフィールが未入力です'}</Warning>
        )}
        {!mobile && <Availability inline />}
        {isClient(role) && user.client && <ImportantCounts clientId={user.client.id} compact={mobile} />}
        {(isCreator(role) || isStaff(role) || isClient(role)) && <NoticeDropdown group="task" />}
        {(isCreator(role) || isStaff(role)) && <NoticeDropdown group="message" />}
        <MenuWrap ref={wrap}>
          {mobile ? (
            <AvatarButton ref={trigger} type="button" data-testid="user-menu-button" onClick={toggle} aria-haspopup="menu" aria-expanded={open} aria-label={`${user.userName}のメニュー`}>
              <UserAvatar user={user} size={32} />
            </AvatarButton>
          ) : (
            <Button ref={trigger} $size="sm" $minWidth={0} data-testid="user-menu-button" onClick={toggle} aria-haspopup="menu" aria-expanded={open}>
              {user.userName}
            </Button>
          )}
          {open && (
            <Menu ref={panel} role="menu" aria-label="ユーザーメニュー" onKeyDown={onPanelKeyDown}>
              {menuFor(role).map((item) => (
                <li key={item.label} role="none">
                  <Link role="menuitem" to={item.to} onClick={() => setOpen(false)}>
                    {item.label}
                  </Link>
                </li>
              ))}
              <li role="none">
                <button type="button" role="menuitem" onClick={() => (mobile ? setConfirming(true) : doLogout())}>
                  ログアウト
                </button>
              </li>
            </Menu>
          )}
        </MenuWrap>
      </Bar>
      {/* Outside the bar: its transform would make the bar, not the screen, the dialog's frame. */}
      {confirming && (
        <ConfirmDialog title="ログアウトしますか？" confirmLabel="はい" variant="primary" width={360} testId="logout-confirm" onCancel={() => setConfirming(false)} onConfirm={doLogout} />
      )}
    </>
  );
}
