import { useState } from 'react';
import { NavLink } from 'react-router';
import styled from 'styled-components';
import { useAuth } from '@/features/auth/store';
import { lacksWorkRequirements } from '@/lib/profile';
import { isClient, isCreator, isManagerOrAdmin, roleLabel } from '@/lib/roles';
import { theme } from '@/theme/theme';

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
const Avatar = styled.div`
  width: ${theme.size.avatar}px;
  height: ${theme.size.avatar}px;
  border-radius: 50%;
  flex-shrink: 0;
  background: ${theme.color.brand};
  color: ${theme.color.white};
  display: flex;
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
  }
`;
const WarningBox = styled.p`
  margin: 8px;
  padding: 8px;
  font-size: ${theme.font.sm};
  color: ${theme.color.alert};
  background: #fdecec;
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

type Item = { label: string; to: string; icon: string };

function groupsFor(role: string): Item[][] {
  const work: Item[] = [
    { label: 'プロジェクト', to: '/projects', icon: '📁' },
    { label: 'タスク', to: '/tasks', icon: '✅' },
  ];
  if (isCreator(role)) {
    return [
      [...work, { label: '参加プロジェクト', to: '/projects/joins', icon: '🤝' }, { label: 'チャット', to: '/teams', icon: '💬' }],
      [
        { label: '報酬', to: '/rewards', icon: '💴' },
        { label: '発注書', to: '/purchase_orders', icon: '📄' },
      ],
    ];
  }
  if (isClient(role)) {
    return [
      [...work, { label: '納品一覧', to: '/clients/deliveries', icon: '📦' }, { label: 'ご利用金額', to: '/clients/payments', icon: '💴' }],
      [{ label: '媒体', to: '/clients/media', icon: '📰' }],
      [{ label: '評価', to: '/assessments', icon: '⭐' }],
    ];
  }
  if (isManagerOrAdmin(role)) {
    return [
      [
        ...work,
        { label: '管理プロジェクト', to: '/projects/managements', icon: '🗂️' },
        { label: 'チャット', to: '/teams', icon: '💬' },
        { label: 'チームリーダーチャット', to: '/leader_teams', icon: '👥' },
      ],
      [
        { label: 'クライアント', to: '/clients/media', icon: '🏢' },
        { label: 'ユーザー検索', to: '/users/search', icon: '🔍' },
        { label: '評価', to: '/assessments', icon: '⭐' },
      ],
      [{ label: '管理機能', to: '/admins', icon: '⚙️' }],
    ];
  }
  return [[{ label: '支払い', to: '/payments', icon: '💴' }]];
}

/** Collapsible side menu (220 px open, 70 px compact; expands while hovered). */
export function SideMenu() {
  const user = useAuth((s) => s.user.data);
  const [pinnedOpen, setPinnedOpen] = useState(true);
  const [hovered, setHovered] = useState(false);
  if (!user) return null;
  const open = pinnedOpen || hovered;
  return (
    <Aside $open={open} onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)} data-testid="side-menu">
      <Profile>
        <Avatar>
          {user.imageFile?.antiVirusCheckScanStatus === 'clean' ? (
            <img src={`/api/images/${user.imageFile.path}?width=80&height=80`} alt="" />
          ) : (
            user.userName.slice(0, 1)
          )}
        </Avatar>
        {open && (
          <div>
            <small>{user.client ? user.client.companyName : roleLabel(user.roleType)}</small>
            <strong>{user.userName}</strong>
            <small>ID: {user.id}</small>
          </div>
        )}
      </Profile>
      {open && isCreator(user.roleType) && lacksWorkRequirements(user) && (
        <WarningBox role="note">会員情報の入力が完了するまで、お仕事を受けることができません。会員情報を入力してください。</WarningBox>
      )}
      {groupsFor(user.roleType).map((group, index) => (
        <Group key={index}>
          {group.map((item) => (
            <NavLink key={item.to + item.label} to={item.to} title={item.label}>
              <span aria-hidden>{item.icon}</span>
              {open && item.label}
            </NavLink>
          ))}
        </Group>
      ))}
      <Toggle onClick={() => setPinnedOpen(!pinnedOpen)} aria-label={pinnedOpen ? 'メニューを閉じる' : 'メニューを開く'}>
        {pinnedOpen ? '«' : '»'}
      </Toggle>
    </Aside>
  );
}
