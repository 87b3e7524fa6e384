/** Japanese labels of the creator vocabularies. */
import type { AgeBand, WorkStatus } from './types';

export const WORK_STATUS_LABEL: Record<WorkStatus, string> = {
  accepting: '受付中',
  conditionally_accepting: '条件付きで受付中',
  not_accepting: '受付停止中',
  not_set: '未設定',
};
export const WORK_STATUSES = Object.keys(WORK_STATUS_LABEL) as WorkStatus[];

export const AGE_BAND_LABEL: Record<AgeBand, string> = {
  teens: '10代',
  early_twenties: '20代前半',
  late_twenties: '20代後半',
  early_thirties: '30代前半',
  late_thirties: '30代後半',
  early_forties: '40代前半',
  late_forties: '40代後半',
  early_fifties: '50代前半',
  late_fifties: '50代後半',
  over_sixties: '60代以上',
};
export const AGE_BANDS = Object.keys(AGE_BAND_LABEL) as AgeBand[];

/** Spec section 3: english 1, korean 2, chinese 3, french 4, german 5, italian 6, other 99999. */
export const LANGUAGES: [number, string][] = [
  [1, '英語'],
  [2, '韓国語'],
  [3, '中国語'],
  [4, 'フランス語'],
  [5, 'ドイツ語'],
  [6, 'イタリア語'],
  [99999, 'その他'],
];
export const languageLabel = (id: number): string => LANGUAGES.find(([value]) => value === id)?.[1] ?? 'その他';

export const SOCIAL_LABEL: Record<number, string> = { 1: 'X（Twitter）', 2: 'Facebook', 3: 'Instagram', 4: 'LINE', 5: 'ブログ・ホームページ' };

export const PHOTO_POLICY_LABEL: Record<string, string> = {
  unanswered: '未回答',
  face_photo: '顔写真',
  profile_photo: 'プロフィール写真',
  illustration: 'イラスト',
};

export const PUBLISHABILITY_LABEL: Record<string, string> = {
  not_set: '未設定',
  publishable: '公開可',
  conditionally_publishable: '条件付きで公開可',
  unpublishable: '公開不可',
};

/** Attribute keys (camelCase, as the API client hands them over) as the attributes page names them; anything else shows its key. */
export const ATTRIBUTE_LABEL: Record<string, string> = {
  availableTimeSlot: '稼働可能な時間帯',
  canOpenImageType: 'プロフィール画像の公開',
  socials: 'SNS・Web サイト',
  marriedType: '婚姻状況',
  divorceHistoryType: '離婚歴',
  familiesType: '家族構成',
  children: '子ども',
  publishInformation: '公開情報',
  annualIncomeId: '年収',
  householdIncomeId: '世帯年収',
  chatworkId: 'Chatwork ID',
};

/** Income bands of spec section 9 by id (99999 unknown). */
export const INCOME_LABEL: Record<number, string> = {
  1: '200万円未満',
  2: '200〜400万円',
  3: '400〜600万円',
  4: '600〜800万円',
  5: '800〜1,000万円',
  6: '1,000〜1,200万円',
  7: '1,200〜1,500万円',
  8: '1,500〜2,000万円',
  9: '2,000万円以上',
  99999: 'わからない',
};
