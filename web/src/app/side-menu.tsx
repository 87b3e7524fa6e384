import { useState } from 'react';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { useAuth } from '@/features/auth/store';
import type { User } from '@/features/auth/types';
import { lacksWorkRequirements } from '@/lib/profile';
import { isCreator, roleLabel } from '@/lib/roles';
import { theme } from '@/theme/theme';
import { navGroupsFor } from './navigation';

const Aside = styled.aside<{ $open: boolean }>`
  width: ${(p) => (p.$open ? theme.size.sideMenuOpen : theme.size.sideMenuCompact)}px;
  flex-shrink: 0;
  background: ${theme.color.white};
  border-right: 1px solid ${theme.color.border};
  transition: width 0.15s;
  overflow: hidden;
  min-height: calc(100vh - ${theme.size.headerDesktop}px);
`;
const Profile = styled.div`
  padding: 16px 12px;
  display: flex;
  gap: 8px;
  align-items: center;
  border-bottom: 1px solid ${theme.color.border};
  small { display: block; color: ${theme.color.subText}; }
`;
export const Avatar = styled.span<{ $size?: number }>`
  width: ${(p) => p.$size ?? theme.size.avatar}px;
  height: ${(p) => p.$size ?? theme.size.avatar}px;
  border-radius: 50%;
  flex-shrink: 0;
  background: ${theme.color.brand};
  color: ${theme.color.white};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  font-weight: ${theme.font.bold};
  overflow: hidden;
  img { width: 100%; height: 100%; object-fit: cover; }
`;
const Group = styled.nav`
  padding: 8px 0;
  border-bottom: 1px solid ${theme.color.border};
  a {
    display: flex;
    gap: 12px;
    align-items: center;
    padding: 8px 16px;
    color: ${theme.color.text};
    text-decoration: none;
    white-space: nowrap;
    &.active { color: ${theme.color.brand}; font-weight: ${theme.font.bold}; }
    &:focus-visible { outline: 2px solid ${theme.color.brand}; outline-offset: -2px; }
  }
`;
const WarningBox = styled.p`
  margin: 8px;
  padding: 8px;
  font-size: ${theme.font.sm};
  color: ${theme.color.alert};
  background: ${theme.color.alertTint};
  border-radius: 4px;
`;
const Toggle = styled.button`
  width: 100%;
  border: none;
  background: none;
  padding: 8px;
  cursor: pointer;
  color: ${theme.color.subText};
`;

/** The member's picture, or the first letter of their name. */
export function UserAvatar({ user, size }: { user: User; size?: number }) {
  return (
    <Avatar $size={size} aria-hidden>
      {user.imageFile?.antiVirusCheckScanStatus === 'clean' ? (
        <img src={`/api/images/${user.imageFile.path}?width=80&height=80`} alt="" />
      ) : (
        user.userName.slice(0, 1)
      )}
    </Avatar>
  );
}

/** Picture, company (clients) or role, name and ID; the names are left out when compact. */
export function MemberSummary({ user, compact = false }: { user: User; compact?: boolean }) {
  return (
    <Profile>
      <UserAvatar user={user} />
      {!compact && (
        <div>
          <small>{user.client ? user.client.companyName : roleLabel(user.roleType)}</small>
          <strong>{user.userName}</strong>
          <small>ID: {user.id}</small>
        </div>
      )}
    </Profile>
  );
}

/** A creator lacking skill or bank account is told why work cannot be taken yet. */
export function WorkRequirementWarning({ user }: { user: User }) {
  if (!isCreator(user.roleType) || !lacksWorkRequirements(user)) return null;
  return <WarningBox role="note">会員情報の入力が完了するまで、お仕事を受けることができません。会員情報を入力してください。</WarningBox>;
}

/** The role's navigation groups as links; `compact` shows icons only. */
export function NavGroups({ role, compact = false, onNavigate }: { role: string; compact?: boolean; onNavigate?: () => void }) {
  return (
    <>
      {navGroupsFor(role).map((group, index) => (
        <Group key={index} aria-label={index === 0 ? 'メインメニュー' : undefined}>
          {group.map((item) => (
            <NavLink key={item.to + item.label} to={item.to} title={item.label} aria-label={compact ? item.label : undefined} onClick={onNavigate}>
              <span aria-hidden>{item.icon}</span>
              {!compact && item.label}
            </NavLink>
          ))}
        </Group>
      ))}
    </>
  );
}

/** Collapsible side menu (220 px open, 70 px compact; expands while hovered). Desktop only. */
export function SideMenu() {
  const user = useAuth((s) => s.user.data);
  const [pinnedOpen, setPinnedOpen] = useState(true);
  const [hovered, setHovered] = useState(false);
  if (!user) return null;
  const open = pinnedOpen || hovered;
  return (
    <Aside $open={open} onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)} data-testid="side-menu">
      <MemberSummary user={user} compact={!open} />
      {open && <WorkRequirementWarning user={user} />}
      <NavGroups role={user.roleType} compact={!open} />
      <Toggle onClick={() => setPinnedOpen(!pinnedOpen)} aria-label={pinnedOpen ? 'メニューを閉じる' : 'メニューを開く'}>
        {pinnedOpen ? '«' : '»'}
      </Toggle>
    </Aside>
  );
}
