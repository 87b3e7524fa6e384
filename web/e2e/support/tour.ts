/**
 * The browser tour: every route of the product (web/src/config/paths.ts) with the roles that may
 * open it (web/src/config/access.ts for the staff gates; the menus of spec section 2 and the
 * server's guards for the rest), the demo records that fill its parameters, and the checks a page
 * must pass: settled, a Japanese main heading, no placeholder text, no console error, no failed
 * request, no serious or critical axe violation.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Browser, type Page, type Request, type Response } from '@playwright/test';
import { logIn, tokenOf } from './session';

export type Role = 'guest' | 'creator' | 'editor' | 'client' | 'manager' | 'accountant' | 'admin';

export const ACCOUNTS: Record<Exclude<Role, 'guest'>, string> = {
  creator: 'creator@demo.tsumugi.jp',
  editor: 'editor@demo.tsumugi.jp',
  client: 'client@demo.tsumugi.jp',
  manager: 'manager@demo.tsumugi.jp',
  accountant: 'accountant@demo.tsumugi.jp',
  admin: 'admin@demo.tsumugi.jp',
};

export const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** One value read from this run's database (the ids of demo records). */
export function sql(query: string): string {
  return execFileSync('psql', [process.env.E2E_DATABASE_URL ?? '', '-v', 'ON_ERROR_STOP=1', '-tAc', query]).toString().trim();
}

/** The demo records the tour's paths point at. */
export interface DemoIds {
  creatorId: number;
  clientId: number;
  mediaId: number;
  teamId: number;
  channelId: number;
  projectId: number;
  productId: number;
  creatorTaskId: number;
  assessmentId: number;
  purchaseOrderId: number;
  /** The demo manuscript (the demo creator's newest writing task). */
  manuscriptId: number;
  year: number;
  month: number;
  /** A share link of the demo team (path and query), issued by its client for the guest stops. */
  guestShare?: string;
}

export function demoIds(): DemoIds {
  const one = (query: string) => {
    const value = Number(sql(query));
    if (!value) throw new Error(`no demo record for: ${query}`);
    return value;
  };
  const creatorId = one(`select id from users where mail_address = 'creator@demo.tsumugi.jp'`);
  const clientId = one(`select client_id from users where mail_address = 'client@demo.tsumugi.jp'`);
  const teamId = one(`select id from teams where name = 'デモ編集部'`);
  const mediaId = one(`select media_id from teams where id = ${teamId}`);
  const projectId = one(
    `select p.id from projects p where p.media_id = ${mediaId} and exists (select 1 from works w where w.project_id = p.id) order by p.id limit 1`,
  );
  const tokyo = new Date(Date.now() + 9 * 3600_000);
  return {
    creatorId,
    clientId,
    mediaId,
    teamId,
    channelId: one(`select id from channels where team_id = ${teamId} and channel_type = 'group' order by id limit 1`),
    projectId,
    productId: one(`select id from works where project_id = ${projectId} order by id limit 1`),
    creatorTaskId: one(
      `select t.id from tasks t join task_assignees a on a.task_id = t.id join works w on w.id = t.work_id join projects p on p.id = w.project_id
       where a.user_id = ${creatorId} and p.media_id = ${mediaId} and t.status = 'doing' order by t.id limit 1`,
    ),
    assessmentId: one(`select id from assessments where client_id = ${clientId} order by id limit 1`),
    purchaseOrderId: one(`select id from purchase_orders where user_id = ${creatorId} order by id limit 1`),
    manuscriptId: one(`select id from manuscripts order by id limit 1`),
    year: tokyo.getUTCFullYear(),
    month: tokyo.getUTCMonth() + 1,
  };
}

const CREATORS: Role[] = ['creator', 'editor'];
const STAFF: Role[] = ['manager', 'accountant', 'admin'];
const MEMBERS: Role[] = [...CREATORS, 'client', ...STAFF];

export interface Stop {
  /** The route's name in web/src/config/paths.ts (also the screenshot's name). */
  route: string;
  path: (ids: DemoIds) => string;
  roles: Role[];
  /** Waits for what makes the page settled beyond its heading (e.g. a list's first row). */
  ready?: (page: Page) => Promise<void>;
  /** Expected refusals (status codes of API calls the page makes and shows as such). */
  allowStatus?: number[];
  /**
   * The route a person opens this one from, in the same tab (what it needs lives in that tab's
   * sessionStorage, e.g. a guest's session from the share link). The tour walks the table in order
   * anyway; a spec that opens a route in a tab of its own opens this one first.
   */
  opensFrom?: string;
}

const s = (route: string, roles: Role[], path: Stop['path'] | string, extra: Partial<Stop> = {}): Stop => ({
  route,
  roles,
  path: typeof path === 'string' ? () => path : path,
  ...extra,
});

/** Every route (paths.ts), in the order a reviewer reads them. */
export const STOPS: Stop[] = [
  // Public pages, logged out.
  s('login', ['guest'], '/'),
  s('twoStep', ['guest'], '/two_step_verification'),
  s('terms', ['guest'], '/terms'),
  s('privacies', ['guest'], '/privacies'),
  s('cookiePolicy', ['guest'], '/cookie_policy'),
  s('orderingGuide', ['guest'], '/ordering_guide'),
  s('manual', ['guest'], '/manual'),
  s('signup', ['guest'], '/signup'),
  s('signupProfile', ['guest'], '/signup/profile'),
  s('signupSent', ['guest'], '/signup/sent'),
  s('accountRecovery', ['guest'], '/account_recovery'),
  s('accountRecoverySent', ['guest'], '/account_recovery/sent'),
  s('changePassword', ['guest'], '/change_password'),
  s('changePasswordSent', ['guest'], '/change_password/sent'),
  s('clientSignupProfile', ['guest'], (i) => `/clients/${i.clientId}/signup/profile`),
  s('guestLogin', ['guest'], '/guest/clients/login'),
  // The share link lands on the team's guest page; the guest then opens a member.
  s('guestTeam', ['guest'], (i) => i.guestShare ?? '/guest/clients/login', {
    // Settled once the link was exchanged and the team arrived: until then the heading is the
    // login step's 「共有チームを開いています」 or the bare 「共有チーム」.
    ready: async (page) => {
      await expect(page.getByText('認証しています…')).toHaveCount(0);
      if (page.url().includes('/guest/clients/media/')) await expect(page.getByText('のチームです', { exact: false })).toBeVisible();
    },
  }),
  s('guestCreator', ['guest'], (i) => `/guest/clients/media/${i.mediaId}/teams/${i.teamId}/creators/${i.creatorId}`, {
    opensFrom: 'guestTeam',
    // The team page's heading stays until the creator has loaded; wait for the creator's own page.
    ready: (page) => expect(page.getByTestId('guest-creator')).toBeVisible(),
  }),
  // The editor link without a token: the spec's 「無効なURLです」.
  s('editor', ['guest'], '/editor'),
  // Login required, empty layout.
  s('signupSkills', CREATORS, '/signup/skills'),
  s('signupBankAccounts', CREATORS, '/signup/bank_accounts'),
  s('assessment', ['client'], (i) => `/assessments/${i.assessmentId}`),
  // Login required, default layout.
  s('signupComplete', CREATORS, '/signup/complete'),
  s('userEdit', MEMBERS, '/user/edit'),
  s('userEditJobs', CREATORS, '/user/edit/jobs'),
  s('userEditSkills', CREATORS, '/user/edit/skills'),
  s('userEditProfiles', MEMBERS, '/user/edit/profiles'),
  s('userEditBankAccounts', CREATORS, '/user/edit/bank_accounts'),
  s('userEditAuth', MEMBERS, '/user/edit/auth'),
  s('userEditMailSent', MEMBERS, '/user/edit/auth/mail_address/sent'),
  s('userEditMailComplete', MEMBERS, '/user/edit/auth/mail_address/complete'),
  s('userEditMailFrequencies', MEMBERS, '/user/edit/mail_frequencies'),
  // Staff tools.
  s('admins', STAFF, '/admins'),
  s('adminRoles', ['admin'], '/admins/user/roles/edit'),
  s('adminCompletedDate', STAFF, '/admins/tasks/completed_date/update'),
  s('adminOfferTemplates', STAFF, '/admins/offer_templates'),
  s('adminInvalidTasks', STAFF, '/admins/tasks/invalid'),
  s('adminRewardConfirmation', ['accountant', 'admin'], '/admins/reward_confirmation'),
  s('adminDownloads', ['accountant', 'admin'], '/admins/downloads'),
  s('adminDeliveryReports', STAFF, '/admins/delivery_reports/add'),
  s('adminTaskUpdate', STAFF, '/admins/task/update'),
  s('adminMediaPayments', STAFF, '/admins/media/payments/update'),
  s('adminUsersLeft', ['manager', 'admin'], '/admins/users/left'),
  // Rewards and payments.
  s('rewards', CREATORS, '/rewards'),
  s('rewardsYear', CREATORS, (i) => `/rewards/${i.year}`),
  s('rewardsMonth', CREATORS, (i) => `/rewards/${i.year}/${i.month}`),
  s('payments', ['accountant', 'admin'], '/payments'),
  s('purchaseOrders', CREATORS, '/purchase_orders'),
  s('purchaseOrder', ['creator'], (i) => `/purchase_orders/${i.purchaseOrderId}`),
  s('userSearch', ['client', 'manager', 'admin'], '/users/search'),
  // Creators.
  s('creator', ['client', 'manager', 'admin'], (i) => `/creators/${i.creatorId}`),
  s('creatorAttributes', ['client', 'manager', 'admin'], (i) => `/creators/${i.creatorId}/attributes`),
  s('creatorTasks', ['client', 'manager', 'admin'], (i) => `/creators/${i.creatorId}/tasks`),
  // Clients.
  s('clientMedia', ['client'], '/clients/media'),
  s('clientDeliveries', ['client'], '/clients/deliveries'),
  s('clientAdd', ['manager', 'admin'], '/clients/add'),
  s('clientPayments', ['client', ...STAFF], '/clients/payments'),
  s('clientPaymentsYear', ['client', ...STAFF], (i) => `/clients/payments/${i.year}`),
  s('clientPaymentsMonth', ['client', ...STAFF], (i) => `/clients/payments/${i.year}/${i.month}`),
  s('clientEdit', ['manager', 'admin'], (i) => `/clients/${i.clientId}/edit`),
  s('clientMediaList', ['client', 'manager', 'admin'], (i) => `/clients/${i.clientId}/media`),
  s('clientAccounts', ['client', 'manager', 'admin'], (i) => `/clients/${i.clientId}/accounts`),
  s('clientMediaAdd', ['manager', 'admin'], (i) => `/clients/${i.clientId}/media/add`),
  s('clientMediaEdit', ['manager', 'admin'], (i) => `/clients/${i.clientId}/media/${i.mediaId}/edit`),
  s('clientMediaPayments', ['client', ...STAFF], (i) => `/clients/${i.clientId}/media/${i.mediaId}/payments/${i.year}/${i.month}`),
  s('clientSignup', ['manager', 'admin'], (i) => `/clients/${i.clientId}/signup`),
  // Media and teams.
  s('mediaTeamAdd', ['client', 'manager', 'admin'], (i) => `/clients/media/${i.mediaId}/teams/add`),
  s('mediaTeamMemberAdd', ['client', 'manager', 'admin'], (i) => `/clients/media/${i.mediaId}/teams/${i.teamId}/members/add`),
  s('mediaTeamEdit', ['client', 'manager', 'admin'], (i) => `/clients/media/${i.mediaId}/teams/${i.teamId}/edit`),
  s('mediaOptionPaymentAdd', ['manager', 'admin'], (i) => `/clients/media/${i.mediaId}/details/option_payment/add`),
  s('mediaDetails', ['client', ...STAFF], (i) => `/clients/media/${i.mediaId}/details`),
  s('mediaTeams', ['client', 'manager', 'admin'], (i) => `/clients/media/${i.mediaId}/teams`),
  s('mediaTeam', ['client', 'manager', 'admin'], (i) => `/clients/media/${i.mediaId}/teams/${i.teamId}`),
  s('mediaInformation', ['client', ...STAFF], (i) => `/clients/media/${i.mediaId}/infomation`),
  s('mediaMembers', ['client', 'manager', 'admin'], (i) => `/clients/media/${i.mediaId}/members`),
  // Work.
  s('projects', ['creator', 'editor', 'client', 'manager', 'admin'], '/projects'),
  s('projectManagements', STAFF, '/projects/managements'),
  s('projectJoins', CREATORS, '/projects/joins'),
  s('project', ['creator', 'client', 'manager', 'admin'], (i) => `/projects/${i.projectId}`),
  s('product', ['creator', 'client', 'manager', 'admin'], (i) => `/projects/${i.projectId}/products/${i.productId}`),
  s('tasks', ['creator', 'editor', 'client', 'manager', 'admin'], '/tasks'),
  // The task's 「原稿」 section asks for its manuscript: 404 when the task has none.
  s('task', ['creator', 'client', 'manager', 'admin'], (i) => `/tasks/${i.creatorTaskId}`, { allowStatus: [404] }),
  // The demo manuscript: its creator and staff write in it.
  s('manuscript', ['creator', 'manager', 'admin'], (i) => `/manuscripts/${i.manuscriptId}`, {
    ready: (page) => expect(page.getByTestId('manuscript-status')).toHaveText('同期済み'),
  }),
  s('assessments', ['client', 'manager', 'admin'], '/assessments'),
  // Chat.
  s('teams', ['creator', 'editor', 'manager', 'admin'], '/teams'),
  s('teamChannels', ['creator', 'editor', 'manager', 'admin'], (i) => `/teams/${i.teamId}/channels`),
  s('channel', ['creator', 'editor', 'manager'], (i) => `/teams/${i.teamId}/channels/${i.channelId}`),
  s('channelDetail', ['creator', 'editor', 'manager'], (i) => `/teams/${i.teamId}/channels/${i.channelId}/detail`),
  s('leaderTeams', ['manager', 'admin'], '/leader_teams'),
  s('leaderTeamChannels', ['manager', 'admin'], (i) => `/leader_teams/${i.teamId}/channels`),
  s('leaderChannel', ['manager'], (i) => `/leader_teams/${i.teamId}/channels/${i.channelId}`),
  s('leaderChannelDetail', ['manager'], (i) => `/leader_teams/${i.teamId}/channels/${i.channelId}/detail`),
  s('information', MEMBERS, '/information'),
  s('informationAdd', ['manager', 'admin'], '/information/add'),
  s('media', STAFF, '/media'),
];

/** The client issues a share link of the demo team (as on its team page) for the guest's stops. */
export async function issueShareLink(browser: Browser, ids: DemoIds): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await logIn(page, ACCOUNTS.client);
    const answer = await page.request.post(`/api/clients/media/${ids.mediaId}/teams/${ids.teamId}/share`, {
      headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    });
    expect(answer.ok()).toBe(true);
    const { url } = (await answer.json()) as { url: string };
    const link = new URL(url);
    return link.pathname + link.search;
  } finally {
    await context.close();
  }
}

/** Closes a modal that greets the user (latest notices, work status, assessment reminder) after checking it with axe. */
export async function closeGreetingModals(page: Page, problems: string[], where: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const dialog = page.locator('[role="dialog"][aria-modal="true"]');
    if ((await dialog.count()) === 0) return;
    for (const v of await axeViolations(page)) problems.push(`${where} (dialog): axe ${v.impact} ${v.id}: ${v.help} @ ${v.targets.join(' | ')}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
}

/** Moves inside the running app to `path` (the router follows the history), as a click on a link does: no reload. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Text that means a page is not finished or shows a broken value. */
export const PLACEHOLDER = /準備中|近日公開|coming soon|lorem ipsum|\bTODO\b|\bundefined\b|\bNaN\b|\[object Object\]|Invalid Date/i;

/** What went wrong on a page while the tour had it open. */
export class PageWatch {
  consoleErrors: string[] = [];
  failedRequests: string[] = [];
  private inFlight = new Set<Request>();
  private lastActivity = Date.now();

  constructor(private page: Page) {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // A refused request is reported below with its URL and status, not twice.
      if (message.text().startsWith('Failed to load resource')) return;
      this.consoleErrors.push(message.text());
    });
    page.on('request', (request) => {
      this.inFlight.add(request);
      this.lastActivity = Date.now();
    });
    const done = (request: Request) => {
      this.inFlight.delete(request);
      this.lastActivity = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', (request) => {
      done(request);
      const failure = request.failure()?.errorText ?? '';
      // Requests cut off by the tour's next navigation are not failures of the page.
      if (failure.includes('ERR_ABORTED')) return;
      this.failedRequests.push(`${request.method()} ${request.url()}: ${failure}`);
    });
    page.on('response', (response: Response) => {
      if (response.status() >= 400) this.failedRequests.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
    });
  }

  reset(): void {
    this.consoleErrors = [];
    this.failedRequests = [];
  }

  /** No request under way for `quietMs` (the page has what it asked for). */
  async settled(quietMs = 150, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.inFlight.size === 0 && Date.now() - this.lastActivity >= quietMs) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`requests still under way: ${[...this.inFlight].map((r) => r.url()).join(', ')}`);
  }
}

export const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/** The axe rules the tour leaves out, each with its reason (docs/screens/README.md lists them). */
export const AXE_DISABLED: Record<string, string> = {};

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core's script, injected once per loaded page. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeNode {
  target: string[];
  html: string;
  any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[];
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Serious and critical axe violations on the page as it is now (WCAG 2.0–2.2 A and AA rules).
 * axe-core runs in the page as @axe-core/playwright would run it, but is injected only when the
 * page does not have it yet (the tour moves inside one loaded app) and collects violations only:
 * a tenth of the time of AxeBuilder.analyze(), which injects axe on every call.
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, disabled }) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] })).violations;
    },
    { tags: AXE_TAGS, disabled: Object.keys(AXE_DISABLED) },
  ) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => {
        const data = n.any[0]?.data;
        const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
        return `${n.target.join(' ')}${colours} «${n.html.slice(0, 80)}»`;
      }),
    }));
}
