/** The Japanese words of the staff's user vocabulary. */
import type { AccountStatus, AdminFlag } from './types';

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  active: '利用中',
  banned: '退会手続き中',
  left: '退会済み',
};

/** What each flag does, said where staff set it (the server's `users::flags` is the rule). */
export const ADMIN_FLAGS: { value: AdminFlag; label: string; effect: string }[] = [
  { value: 'no_assign', label: 'アサイン不可', effect: 'お仕事の依頼（タスク・チームのオファー）ができなくなります。' },
  { value: 'temporary_offer_stop', label: '一時オファー停止', effect: '依頼ができなくなり、クリエイター検索にも表示されません。' },
  { value: 'black', label: 'ブラック', effect: '依頼ができなくなり、クリエイター検索にも表示されません。' },
  { value: 'no_assign_editor', label: '編集アサイン不可', effect: 'ディレクション・校正・監修のタスクを依頼できなくなります。' },
  { value: 'no_reply', label: '返信不要', effect: 'スタッフ向けの目印です（動作は変わりません）。' },
  { value: 'need_attention', label: '要注意', effect: 'スタッフ向けの目印です（動作は変わりません）。' },
];

export const adminFlagLabel = (flag: AdminFlag): string => ADMIN_FLAGS.find((f) => f.value === flag)?.label ?? flag;

/** The roles staff may give (client accounts belong to their company and keep their role). */
export const ASSIGNABLE_ROLES: { value: string; label: string }[] = [
  { value: 'general', label: 'クリエイター' },
  { value: 'editor_assistant', label: '編集アシスタント' },
  { value: 'tsumugi_manager', label: 'マネージャー' },
  { value: 'tsumugi_accountant', label: '経理' },
  { value: 'tsumugi_admin', label: '管理者' },
];

export const ROLE_FILTERS: { value: string; label: string }[] = [...ASSIGNABLE_ROLES, { value: 'client', label: 'クライアント' }];
