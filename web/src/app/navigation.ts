/** The navigation by role, once: the desktop side menu and the phone tab bar and drawer all read it. */
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
    { label: 'プロジェクト', to: '/projects', icon: '📁', tab: true },
    { label: 'タスク', to: '/tasks', icon: '✅', tab: true },
  ];
  if (isCreator(role)) {
    return [
      [...work, { label: '参加プロジェクト', to: '/projects/joins', icon: '🤝' }, { label: 'チャット', to: '/teams', icon: '💬', tab: true }],
      [
        { label: '報酬', to: '/rewards', icon: '💴', tab: true },
        { label: '発注書', to: '/purchase_orders', icon: '📄' },
      ],
    ];
  }
  if (isClient(role)) {
    return [
      [...work, { label: '納品一覧', to: '/clients/deliveries', icon: '📦', tab: true }, { label: 'ご利用金額', to: '/clients/payments', icon: '💴' }],
      [{ label: '媒体', to: '/clients/media', icon: '📰' }],
      [{ label: '評価', to: '/assessments', icon: '⭐' }],
    ];
  }
  if (isManagerOrAdmin(role)) {
    return [
      [
        ...work,
        { label: '管理プロジェクト', to: '/projects/managements', icon: '🗂️' },
        { label: 'チャット', to: '/teams', icon: '💬', tab: true },
        { label: 'チームリーダーチャット', to: '/leader_teams', icon: '👥' },
      ],
      [
        { label: 'クライアント', to: '/clients/media', icon: '🏢' },
        { label: 'ユーザー検索', to: '/users/search', icon: '🔍' },
        { label: '評価', to: '/assessments', icon: '⭐' },
      ],
      [{ label: '管理機能', to: '/admins', icon: '⚙️', tab: true }],
    ];
  }
  // Accountants.
  return [
    [
      { label: '支払い', to: '/payments', icon: '💴', tab: true },
      { label: '媒体支払い', to: '/admins/media/payments/update', icon: '🧾', tab: true },
    ],
    // Reward confirmation and the transfer files are on the hub, listed for accountants.
    [{ label: '管理機能', to: '/admins', icon: '⚙️' }],
  ];
}

/** The phone tab bar: the items marked `tab`, in menu order. */
export const tabItemsFor = (role: string): NavItem[] => navGroupsFor(role).flat().filter((item) => item.tab);
