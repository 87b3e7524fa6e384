/** The navigation by role, once: the desktop side menu and the phone tab bar and drawer all read it. */
import { href } from '@/config/paths';
import { isClient, isCreator, isManagerOrAdmin } from '@/lib/roles';

export interface NavItem {
  label: string;
  to: string;
  icon: string;
  /** Shown in the phone tab bar (the rest are one tap away in the menu drawer). */
  tab?: boolean;
}

/** Navigation groups by role (spec section 2, side menu). */
export function navGroupsFor(role: string): NavItem[][] {
  const work: NavItem[] = [
    { label: 'プロジェクト', to: href('projects'), icon: '📁', tab: true },
    { label: 'タスク', to: href('tasks'), icon: '✅', tab: true },
  ];
  if (isCreator(role)) {
    return [
      [...work, { label: '参加プロジェクト', to: href('projectJoins'), icon: '🤝' }, { label: 'チャット', to: href('teams'), icon: '💬', tab: true }],
      [
        { label: '報酬', to: href('rewards'), icon: '💴', tab: true },
        { label: '発注書', to: href('purchaseOrders'), icon: '📄' },
      ],
    ];
  }
  if (isClient(role)) {
    return [
      [...work, { label: '納品一覧', to: href('clientDeliveries'), icon: '📦', tab: true }, { label: 'ご利用金額', to: href('clientPayments'), icon: '💴' }],
      [{ label: '媒体', to: href('clientMedia'), icon: '📰' }],
      [{ label: '評価', to: href('assessments'), icon: '⭐' }],
    ];
  }
  if (isManagerOrAdmin(role)) {
    return [
      [
        ...work,
        { label: '管理プロジェクト', to: href('projectManagements'), icon: '🗂️' },
        { label: 'チャット', to: href('teams'), icon: '💬', tab: true },
        { label: 'チームリーダーチャット', to: href('leaderTeams'), icon: '👥' },
      ],
      [
        { label: 'クライアント', to: href('clientMedia'), icon: '🏢' },
        { label: 'ユーザー検索', to: href('userSearch'), icon: '🔍' },
        { label: '評価', to: href('assessments'), icon: '⭐' },
      ],
      [{ label: '管理機能', to: href('admins'), icon: '⚙️', tab: true }],
    ];
  }
  // Accountants.
  return [
    [
      { label: '支払い', to: href('payments'), icon: '💴', tab: true },
      { label: '媒体支払い', to: href('adminMediaPayments'), icon: '🧾', tab: true },
    ],
    // Reward confirmation and the transfer files are on the hub, listed for accountants.
    [{ label: '管理機能', to: href('admins'), icon: '⚙️' }],
  ];
}

/** The phone tab bar: the items marked `tab`, in menu order. */
export const tabItemsFor = (role: string): NavItem[] => navGroupsFor(role).flat().filter((item) => item.tab);
