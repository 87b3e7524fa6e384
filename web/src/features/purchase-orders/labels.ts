/** Japanese words for what the purchase order API names. */
import { formatDate, formatYen } from '@/lib/format';

/** Why a version was issued. */
export const REASON_LABEL: Record<string, string> = {
  taken: '受注による発行',
  revised: '取引条件の変更による再発行',
  backfilled: '受注済みのお仕事について発行',
};

/** The terms a revision can change. */
export const TERM_LABEL: Record<string, string> = {
  task_type: '業務の種別',
  title: '業務の内容',
  reward_amount: '報酬の額',
  order_date: '発注日',
  due_date: '納期',
};

export const UNDECIDED = '未定';

/** Yen, or 未定 while the amount is not decided. */
export const yenOrUndecided = (amount: number | null): string => (amount === null ? UNDECIDED : formatYen(amount));

/** yyyy/M/d, or 未定. */
export const dateOrUndecided = (date: string | null): string => (date === null ? UNDECIDED : formatDate(date));

/** 第2版 */
export const versionLabel = (version: number): string => `第${version}版`;
