/** Every route of the product in one table; `href` fills the parameters. */

export type Layout = 'empty' | 'default' | 'container' | 'sp';

export interface RouteDef {
  path: string;
  title: string;
  /** Needs a logged-in user. */
  private: boolean;
  /** Layout on desktop; `mobile` overrides it on phones. */
  layout: Layout;
  mobile?: Layout;
}

const r = (path: string, title: string, priv: boolean, layout: Layout, mobile?: Layout): RouteDef => ({
  path,
  title,
  private: priv,
  layout,
  mobile,
});

export const paths = {
  // Public
  login: r('/', 'ログイン', false, 'empty', 'sp'),
  twoStep: r('/two_step_verification', '二段階認証', false, 'empty', 'sp'),
  terms: r('/terms', '利用規約', false, 'empty'),
  privacies: r('/privacies', 'プライバシーポリシー', false, 'empty'),
  cookiePolicy: r('/cookie_policy', 'クッキーポリシー', false, 'empty'),
  orderingGuide: r('/ordering_guide', '発注ガイド', false, 'empty'),
  manual: r('/manual', 'マニュアル', false, 'empty'),
  signup: r('/signup', '会員登録', false, 'empty'),
  signupProfile: r('/signup/profile', 'プロフィール登録', false, 'empty'),
  signupSent: r('/signup/sent', '仮登録完了', false, 'empty'),
  accountRecovery: r('/account_recovery', 'パスワードの再設定', false, 'empty'),
  accountRecoverySent: r('/account_recovery/sent', '再設定メール送信', false, 'empty'),
  changePassword: r('/change_password', 'パスワード変更', false, 'empty'),
  changePasswordSent: r('/change_password/sent', 'パスワード変更メール送信', false, 'empty'),
  clientSignupProfile: r('/clients/:clientId/signup/profile', 'クライアント会員登録', false, 'empty'),
  guestLogin: r('/guest/clients/login', 'ゲストログイン', false, 'empty'),
  guestTeam: r('/guest/clients/media/:mediaId/teams/:teamId', 'チーム', false, 'empty'),
  guestCreator: r('/guest/clients/media/:mediaId/teams/:teamId/creators/:userId', 'クリエイター', false, 'empty'),
  // The editor link (spec section 2): `?token=…`, checked as spec section 5 says.
  editor: r('/editor', '原稿エディタ', false, 'empty'),
  // Login required, empty layout
  signupSkills: r('/signup/skills', 'スキル登録', true, 'empty'),
  signupBankAccounts: r('/signup/bank_accounts', '口座登録', true, 'empty'),
  assessment: r('/assessments/:assessmentId', '評価', true, 'empty'),
  // Login required, default layout
  signupComplete: r('/signup/complete', '登録完了', true, 'default'),
  userEdit: r('/user/edit', '会員情報編集', true, 'default'),
  userEditJobs: r('/user/edit/jobs', '職業・資格情報', true, 'default'),
  userEditSkills: r('/user/edit/skills', 'スキル・属性情報', true, 'default'),
  userEditProfiles: r('/user/edit/profiles', 'プロフィール', true, 'default'),
  userEditBankAccounts: r('/user/edit/bank_accounts', '振込先情報', true, 'default'),
  userEditAuth: r('/user/edit/auth', 'ログイン情報', true, 'default'),
  userEditMailSent: r('/user/edit/auth/mail_address/sent', 'メールアドレス変更', true, 'default'),
  userEditMailComplete: r('/user/edit/auth/mail_address/complete', 'メールアドレス変更完了', true, 'default'),
  userEditMailFrequencies: r('/user/edit/mail_frequencies', 'メール通知設定', true, 'default'),
  // Admin
  admins: r('/admins', '管理機能', true, 'container'),
  adminRoles: r('/admins/user/roles/edit', '権限変更', true, 'container'),
  adminCompletedDate: r('/admins/tasks/completed_date/update', '完了日更新', true, 'container'),
  adminOfferTemplates: r('/admins/offer_templates', 'オファーテンプレート', true, 'container'),
  adminInvalidTasks: r('/admins/tasks/invalid', 'タスク無効化', true, 'container'),
  adminRewardConfirmation: r('/admins/reward_confirmation', '報酬確定', true, 'container'),
  adminDownloads: r('/admins/downloads', 'ダウンロード', true, 'container'),
  adminDeliveryReports: r('/admins/delivery_reports/add', '納品報告', true, 'container'),
  adminTaskUpdate: r('/admins/task/update', 'タスク更新', true, 'container'),
  adminMediaPayments: r('/admins/media/payments/update', '媒体支払い更新', true, 'container'),
  adminUsersLeft: r('/admins/users/left', '退会者', true, 'container'),
  // Rewards and payments
  rewards: r('/rewards', '報酬', true, 'container'),
  rewardsYear: r('/rewards/:year', '年間報酬', true, 'container'),
  rewardsMonth: r('/rewards/:year/:month', '月次報酬', true, 'container'),
  payments: r('/payments', '支払い', true, 'container'),
  purchaseOrders: r('/purchase_orders', '発注書', true, 'container'),
  purchaseOrder: r('/purchase_orders/:purchaseOrderId', '発注書', true, 'container'),
  userSearch: r('/users/search', 'ユーザー検索', true, 'container'),
  // Creators
  creator: r('/creators/:userId', 'クリエイター詳細', true, 'container'),
  creatorAttributes: r('/creators/:userId/attributes', 'クリエイター属性', true, 'container'),
  creatorTasks: r('/creators/:userId/tasks', 'クリエイターのタスク', true, 'container'),
  // Clients
  clientMedia: r('/clients/media', '媒体', true, 'container'),
  clientDeliveries: r('/clients/deliveries', '納品一覧', true, 'container'),
  clientAdd: r('/clients/add', 'クライアント追加', true, 'container'),
  clientPayments: r('/clients/payments', 'ご利用金額', true, 'container'),
  clientPaymentsYear: r('/clients/payments/:year', 'ご利用金額', true, 'container'),
  clientPaymentsMonth: r('/clients/payments/:year/:month', 'ご利用金額', true, 'container'),
  clientEdit: r('/clients/:clientId/edit', 'クライアント編集', true, 'container'),
  clientMediaList: r('/clients/:clientId/media', '媒体一覧', true, 'container'),
  clientAccounts: r('/clients/:clientId/accounts', 'アカウント', true, 'container'),
  clientMediaAdd: r('/clients/:clientId/media/add', '媒体追加', true, 'container'),
  clientMediaEdit: r('/clients/:clientId/media/:mediaId/edit', '媒体編集', true, 'container'),
  clientMediaPayments: r('/clients/:clientId/media/:mediaId/payments/:year/:month', '媒体支払い', true, 'container'),
  clientSignup: r('/clients/:clientId/signup', 'クライアント登録', true, 'container'),
  // Media and teams
  mediaTeamAdd: r('/clients/media/:mediaId/teams/add', 'チーム追加', true, 'container'),
  mediaTeamMemberAdd: r('/clients/media/:mediaId/teams/:teamId/members/add', 'メンバー追加', true, 'container'),
  mediaTeamEdit: r('/clients/media/:mediaId/teams/:teamId/edit', 'チーム編集', true, 'container'),
  mediaOptionPaymentAdd: r('/clients/media/:mediaId/details/option_payment/add', 'オプション支払い追加', true, 'container'),
  mediaDetails: r('/clients/media/:mediaId/details', '媒体詳細', true, 'container'),
  mediaTeams: r('/clients/media/:mediaId/teams', 'チーム', true, 'container'),
  mediaTeam: r('/clients/media/:mediaId/teams/:teamId', 'チーム詳細', true, 'container'),
  mediaInformation: r('/clients/media/:mediaId/infomation', '媒体情報', true, 'container'),
  mediaMembers: r('/clients/media/:mediaId/members', 'メンバー', true, 'container'),
  // Work
  projects: r('/projects', 'プロジェクト一覧', true, 'container'),
  projectManagements: r('/projects/managements', '管理プロジェクト', true, 'container'),
  projectJoins: r('/projects/joins', '参加プロジェクト', true, 'container'),
  project: r('/projects/:projectId', 'プロジェクト詳細', true, 'container'),
  product: r('/projects/:projectId/products/:productId', '作品詳細', true, 'container'),
  tasks: r('/tasks', 'タスク一覧', true, 'container', 'sp'),
  task: r('/tasks/:taskId', 'タスク詳細', true, 'container', 'sp'),
  // A task's manuscript (issue 44), opened with the member's own permission.
  manuscript: r('/manuscripts/:manuscriptId', '原稿', true, 'container'),
  assessments: r('/assessments', '評価一覧', true, 'container'),
  // Chat
  teams: r('/teams', 'チャット', true, 'container', 'sp'),
  teamChannels: r('/teams/:teamId/channels', 'チャンネル', true, 'container', 'sp'),
  channel: r('/teams/:teamId/channels/:channelId', 'チャンネル', true, 'container', 'sp'),
  channelDetail: r('/teams/:teamId/channels/:channelId/detail', 'チャンネル詳細', true, 'container', 'sp'),
  leaderTeams: r('/leader_teams', 'チームリーダーチャット', true, 'default'),
  leaderTeamChannels: r('/leader_teams/:teamId/channels', 'チャンネル', true, 'default'),
  leaderChannel: r('/leader_teams/:teamId/channels/:channelId', 'チャンネル', true, 'default'),
  leaderChannelDetail: r('/leader_teams/:teamId/channels/:channelId/detail', 'チャンネル詳細', true, 'default'),
  information: r('/information', 'お知らせ', true, 'container'),
  informationAdd: r('/information/add', 'お知らせ追加', true, 'container'),
  media: r('/media', '媒体', true, 'container'),
} satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof paths;

/** A page's query: absent values are left out; a list is `key[]=a&key[]=b`, as the API client sends it. */
export type RouteQuery = Record<string, string | number | readonly (string | number)[] | undefined>;

/** Fills `:params` of a route path and appends `query`. Every in-app link and navigation goes through here. */
export function href(name: RouteName, params: Record<string, string | number> = {}, query: RouteQuery = {}): string {
  const path = paths[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    if (params[key] === undefined) throw new Error(`missing ${key} for ${name}`);
    return encodeURIComponent(String(params[key]));
  });
  const pairs = Object.entries(query).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const values = Array.isArray(value) ? value : [value];
    const name = Array.isArray(value) ? `${encodeURIComponent(key)}[]` : encodeURIComponent(key);
    return values.map((v: string | number) => `${name}=${encodeURIComponent(String(v))}`);
  });
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

export const NOT_FOUND_TITLE = 'ページが見つかりません';

/** What the browser tab shows for a page titled `title`. */
export const documentTitle = (title: string): string => `${title} | Tsumugi`;
