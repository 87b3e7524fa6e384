/** Japanese words for member statuses and the moves on them (which moves exist is the server's `allowedTransitions`). */
import type { MemberStatus, NotAddable } from './types';

export const STATUS_LABEL: Record<MemberStatus, string> = {
  temporary: '仮登録',
  offered: 'オファー中',
  negotiating: '相談中',
  assignable: '稼働可',
  declined: '辞退',
  left: '離脱',
};

export const STATUS_TONE: Record<MemberStatus, 'brand' | 'muted' | 'alert'> = {
  temporary: 'muted',
  offered: 'alert',
  negotiating: 'alert',
  assignable: 'brand',
  declined: 'muted',
  left: 'muted',
};

export const STATUS_ORDER: MemberStatus[] = ['temporary', 'offered', 'negotiating', 'assignable', 'declined', 'left'];

/** Why a creator cannot be added (the server's `reason`, and its rule when adding is refused). */
export const NOT_ADDABLE_LABEL: Record<NotAddable, string> = {
  already_member: 'すでにメンバーです',
  profile_incomplete: 'プロフィールが未完成です',
};

export const WORK_STATUS_LABEL: Record<string, string> = {
  not_set: '未設定',
  accepting: '受付中',
  conditionally_accepting: '条件付きで受付中',
  not_accepting: '受付停止中',
};
