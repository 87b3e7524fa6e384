/**
 * Role gating of the staff pages through the real router: for each role and each page, the
 * page's heading or the 403 page, as the server's guards decide (api/src/platform/guards.rs:
 * StaffUser, ManagerUser, AccountantUser, AdminUser on the endpoints each page calls).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FORBIDDEN_TITLE } from '@/components/status-page';
import { paths } from '@/config/paths';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { buildRoutes } from '../../router';

vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  connectSocket: vi.fn(),
  disconnectSocket: vi.fn(),
}));

const ROLES = ['general', 'editor_assistant', 'client', 'tsumugi_manager', 'tsumugi_accountant', 'tsumugi_admin'] as const;
type Role = (typeof ROLES)[number];

const STAFF: Role[] = ['tsumugi_manager', 'tsumugi_accountant', 'tsumugi_admin'];
const MANAGERS: Role[] = ['tsumugi_manager', 'tsumugi_admin'];
const ACCOUNTANTS: Role[] = ['tsumugi_accountant', 'tsumugi_admin'];
const ADMINS: Role[] = ['tsumugi_admin'];

/** Every /admins page: who may open it (the server's guard) and the heading it shows. */
const ADMIN_PAGES: [url: string, admitted: Role[], heading: string][] = [
  ['/admins', STAFF, '管理機能'],
  ['/admins/user/roles/edit', ADMINS, paths.adminRoles.title],
  ['/admins/users/left', MANAGERS, paths.adminUsersLeft.title],
  ['/admins/tasks/completed_date/update', STAFF, '完了日更新'],
  ['/admins/offer_templates', STAFF, 'オファーテンプレート'],
  ['/admins/tasks/invalid', STAFF, 'タスク無効化'],
  ['/admins/reward_confirmation', ACCOUNTANTS, '月次報酬の確定'],
  ['/admins/downloads', ACCOUNTANTS, 'ダウンロード'],
  ['/admins/delivery_reports/add', STAFF, '納品報告'],
  ['/admins/task/update', STAFF, 'タスク更新'],
  ['/admins/media/payments/update', STAFF, '媒体支払い更新'],
];

/** Other staff pages (their writes are ManagerUser / AccountantUser / StaffUser). */
const OTHER_STAFF_PAGES: [url: string, admitted: Role[]][] = [
  ['/payments', ACCOUNTANTS],
  ['/clients/add', MANAGERS],
  ['/clients/3/edit', MANAGERS],
  ['/clients/3/media/add', MANAGERS],
  ['/clients/3/media/5/edit', MANAGERS],
  ['/clients/media/5/details/option_payment/add', MANAGERS],
  ['/projects/managements', STAFF],
];

/** What the pages ask for on load; anything else answers 404, which a page shows in place. */
const answers = {
  'GET /maintenance': { body: { maintenance: null, windows: [], now: new Date().toISOString() } },
  'GET /offer_templates': { body: [] },
  'GET /reward_confirmations': { body: { reward_confirmations: [], current_page: 1, last_page: 1, per_page: 20, total: 0 } },
  'GET /admin/reward_settings': { body: { consumption_tax_rate_percent: '10', usage_fee_percent: '0', reduced_withholding_rates: [] } },
  'GET /admin/downloads': { body: { months: [] } },
  'GET /v2/delivery_reports': { body: { delivery_reports: [] } },
  'GET /clients': { body: { clients: [] } },
};

/** What the frame asks for on any page (maintenance, notices, a client's header counts, reminders). */
const SHELL_CALLS = [/^\/maintenance$/, /^\/v2\/notices/, /^\/assessments\/remind/, /^\/clients\/\d+\/important_information/];

function openAs(role: Role, url: string) {
  signInAs(role, { clientId: role === 'client' ? 4 : null });
  const api = mockApi(answers);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
  const view = render(<RouterProvider router={router} />);
  return { api, view };
}

/** The page's main heading, once the lazy page has loaded. */
const mainHeading = () => screen.findByRole('heading', { level: 1 }, { timeout: 3000 });

/** Lets the page's first requests answer and render. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  resetAll();
  vi.unstubAllGlobals();
});

describe('role gating of the /admins pages', () => {
  it('covers every /admins route of the route table', () => {
    const routed = Object.values(paths)
      .map((def) => def.path)
      .filter((path) => path.startsWith('/admins'));
    expect(ADMIN_PAGES.map(([url]) => url).sort()).toEqual(routed.sort());
  });

  describe.each(ADMIN_PAGES)('%s', (url, admitted, heading) => {
    it.each(ROLES)('as %s', async (role) => {
      const { api } = openAs(role, url);
      const h1 = await mainHeading();
      if (admitted.includes(role)) {
        expect(h1).toHaveTextContent(heading);
        expect(screen.queryByTestId('forbidden-page')).not.toBeInTheDocument();
        // The page settles with its data (or its own empty state), not a crash.
        await settled();
        expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      } else {
        expect(h1).toHaveTextContent(FORBIDDEN_TITLE);
        expect(screen.getByTestId('forbidden-page')).toHaveTextContent('このページを表示する権限がありません');
        // Refused before the page asks the server anything of its own.
        expect(api.calls.filter((c) => !SHELL_CALLS.some((shell) => shell.test(c.path)))).toEqual([]);
      }
    });
  });
});

describe('role gating of the other staff pages', () => {
  describe.each(OTHER_STAFF_PAGES)('%s', (url, admitted) => {
    it.each(ROLES)('as %s', async (role) => {
      openAs(role, url);
      const h1 = await mainHeading();
      if (admitted.includes(role)) expect(h1).not.toHaveTextContent(FORBIDDEN_TITLE);
      else expect(h1).toHaveTextContent(FORBIDDEN_TITLE);
    });
  });
});

describe('the /admins hub', () => {
  const linksOf = async () => {
    const menu = await screen.findByTestId('admin-functions');
    return within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
  };

  it('lists every tool and the maintenance card to an admin', async () => {
    openAs('tsumugi_admin', '/admins');
    expect(await linksOf()).toEqual([
      ['権限変更', '/admins/user/roles/edit'],
      ['退会者', '/admins/users/left'],
      ['完了日更新', '/admins/tasks/completed_date/update'],
      ['オファーテンプレート', '/admins/offer_templates'],
      ['タスク無効化', '/admins/tasks/invalid'],
      ['タスク更新', '/admins/task/update'],
      ['納品報告', '/admins/delivery_reports/add'],
      ['媒体支払い更新', '/admins/media/payments/update'],
      ['報酬確定', '/admins/reward_confirmation'],
      ['ダウンロード', '/admins/downloads'],
    ]);
    expect(screen.getByTestId('maintenance-admin')).toBeInTheDocument();
  });

  it('lists a manager the operations tools and the leavers, without money or role changes', async () => {
    openAs('tsumugi_manager', '/admins');
    expect((await linksOf()).map(([label]) => label)).toEqual(['退会者', '完了日更新', 'オファーテンプレート', 'タスク無効化', 'タスク更新', '納品報告', '媒体支払い更新']);
    expect(screen.queryByTestId('maintenance-admin')).not.toBeInTheDocument();
  });

  it('lists an accountant the task tools and the money tools, without role changes or leavers', async () => {
    openAs('tsumugi_accountant', '/admins');
    expect((await linksOf()).map(([label]) => label)).toEqual(['完了日更新', 'オファーテンプレート', 'タスク無効化', 'タスク更新', '納品報告', '媒体支払い更新', '報酬確定', 'ダウンロード']);
    expect(screen.queryByTestId('maintenance-admin')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('forbidden-page')).not.toBeInTheDocument());
  });
});
