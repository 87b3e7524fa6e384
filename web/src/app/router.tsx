import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchPath, Navigate, Outlet, ScrollRestoration, useLocation, useParams, useSearchParams, type Params, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { NOT_FOUND_TITLE, documentTitle, href, paths, type RouteDef, type RouteName } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { Banners } from '@/features/banners/components/banners';
import { ConnectionBanner } from '@/features/connection/components/connection-banner';
import { MaintenanceBanner } from '@/features/maintenance/components/maintenance-banner';
import { MaintenancePage } from '@/features/maintenance/components/maintenance-page';
import { useMaintenance } from '@/features/maintenance/store';
import { UpdateBanner } from '@/features/version/components/update-banner';
import { loadTagManager, pushPageView } from '@/lib/analytics';
import { useIsMobile } from '@/lib/device';
import { preloadable, type Preloadable } from '@/lib/preloadable';
import { isStaff } from '@/lib/roles';
import { setPageTitle } from '@/lib/tab-badge';
import { GlobalStyle } from '@/theme/global-style';
import { ErrorBoundary } from './error-boundary';
import { LayoutFrame } from './layouts';
import { useLiveSession } from './live';
import { RouteGate } from './routes/access';

type PageModule = Promise<{ default: ComponentType }>;

/** Every page is its own route file, loaded when first visited. */
const loaders: Partial<Record<RouteName, () => PageModule>> = {
  login: () => import('./routes/auth/login'),
  twoStep: () => import('./routes/auth/two-step'),
  terms: () => import('./routes/public/terms'),
  privacies: () => import('./routes/public/privacies'),
  cookiePolicy: () => import('./routes/public/cookie-policy'),
  orderingGuide: () => import('./routes/public/ordering-guide'),
  manual: () => import('./routes/public/manual'),
  userEdit: () => import('./routes/user/edit'),
  userEditBankAccounts: () => import('./routes/user/edit-bank-accounts'),
  signupBankAccounts: () => import('./routes/user/signup-bank-accounts'),
  signupComplete: () => import('./routes/user/signup-complete'),
  signup: () => import('./routes/accounts/signup'),
  signupSent: () => import('./routes/accounts/signup-sent'),
  signupProfile: () => import('./routes/accounts/signup-profile'),
  accountRecovery: () => import('./routes/accounts/account-recovery'),
  accountRecoverySent: () => import('./routes/accounts/account-recovery-sent'),
  changePassword: () => import('./routes/accounts/change-password'),
  changePasswordSent: () => import('./routes/accounts/change-password-sent'),
  clientSignup: () => import('./routes/accounts/client-signup'),
  clientSignupProfile: () => import('./routes/accounts/client-signup-profile'),
  userEditProfiles: () => import('./routes/user/edit-profiles'),
  userEditAuth: () => import('./routes/user/edit-auth'),
  userEditMailSent: () => import('./routes/user/edit-mail-sent'),
  userEditMailComplete: () => import('./routes/user/edit-mail-complete'),
  userEditMailFrequencies: () => import('./routes/user/edit-mail-frequencies'),
  signupSkills: () => import('./routes/user/signup-skills'),
  userEditSkills: () => import('./routes/user/edit-skills'),
  userEditJobs: () => import('./routes/user/edit-jobs'),
  projects: () => import('./routes/work/projects'),
  projectManagements: () => import('./routes/work/project-managements'),
  projectJoins: () => import('./routes/work/project-joins'),
  project: () => import('./routes/work/project'),
  product: () => import('./routes/work/product'),
  tasks: () => import('./routes/work/tasks'),
  task: () => import('./routes/work/task'),
  manuscript: () => import('./routes/manuscripts/manuscript'),
  clientDeliveries: () => import('./routes/work/client-deliveries'),
  admins: () => import('./routes/admin/admins'),
  adminRoles: () => import('./routes/admin/roles-edit'),
  adminUsersLeft: () => import('./routes/admin/users-left'),
  adminOfferTemplates: () => import('./routes/admin/offer-templates'),
  adminCompletedDate: () => import('./routes/admin/completed-date'),
  adminInvalidTasks: () => import('./routes/admin/invalid-tasks'),
  adminTaskUpdate: () => import('./routes/admin/task-update'),
  adminDeliveryReports: () => import('./routes/admin/delivery-reports'),
  adminMediaPayments: () => import('./routes/admin/media-payments'),
  teams: () => import('./routes/chat/teams'),
  teamChannels: () => import('./routes/chat/channels'),
  channel: () => import('./routes/chat/channel'),
  channelDetail: () => import('./routes/chat/channel-detail'),
  leaderTeams: () => import('./routes/chat/leader-teams'),
  leaderTeamChannels: () => import('./routes/chat/leader-channels'),
  leaderChannel: () => import('./routes/chat/leader-channel'),
  leaderChannelDetail: () => import('./routes/chat/leader-channel-detail'),
  userSearch: () => import('./routes/users/search'),
  creator: () => import('./routes/creators/creator'),
  creatorAttributes: () => import('./routes/creators/creator-attributes'),
  creatorTasks: () => import('./routes/creators/creator-tasks'),
  clientMedia: () => import('./routes/clients/client-media'),
  clientAdd: () => import('./routes/clients/client-add'),
  clientEdit: () => import('./routes/clients/client-edit'),
  clientMediaList: () => import('./routes/clients/client-media-list'),
  clientAccounts: () => import('./routes/clients/client-accounts'),
  clientMediaAdd: () => import('./routes/clients/client-media-add'),
  clientMediaEdit: () => import('./routes/clients/client-media-edit'),
  media: () => import('./routes/clients/media'),
  mediaDetails: () => import('./routes/clients/media-details'),
  mediaOptionPaymentAdd: () => import('./routes/clients/media-option-payment-add'),
  mediaInformation: () => import('./routes/clients/media-information'),
  mediaMembers: () => import('./routes/clients/media-members'),
  clientPayments: () => import('./routes/clients/payments'),
  clientPaymentsYear: () => import('./routes/clients/payments-year'),
  clientPaymentsMonth: () => import('./routes/clients/payments-month'),
  clientMediaPayments: () => import('./routes/clients/media-payments'),
  guestLogin: () => import('./routes/guest/login'),
  guestTeam: () => import('./routes/guest/team'),
  guestCreator: () => import('./routes/guest/creator'),
  editor: () => import('./routes/editor/editor'),
  assessments: () => import('./routes/assessments/list'),
  assessment: () => import('./routes/assessments/answer'),
  rewards: () => import('./routes/rewards/index'),
  rewardsYear: () => import('./routes/rewards/year'),
  rewardsMonth: () => import('./routes/rewards/month'),
  payments: () => import('./routes/payments/index'),
  adminDownloads: () => import('./routes/admin/downloads'),
  adminRewardConfirmation: () => import('./routes/admin/reward-confirmation'),
  purchaseOrders: () => import('./routes/purchase-orders/list'),
  purchaseOrder: () => import('./routes/purchase-orders/detail'),
  mediaTeams: () => import('./routes/clients/media-teams'),
  mediaTeam: () => import('./routes/clients/media-team'),
  mediaTeamAdd: () => import('./routes/clients/media-team-add'),
  mediaTeamEdit: () => import('./routes/clients/media-team-edit'),
  mediaTeamMemberAdd: () => import('./routes/clients/media-team-member-add'),
  information: () => import('./routes/information/list'),
  informationAdd: () => import('./routes/information/add'),
};
/**
 * What a page shows first, asked for as soon as its route matches a member's visit (alongside the
 * page's chunk and whoami, before anything renders); the page takes it instead of asking again.
 */
const prefetchers: Partial<Record<RouteName, (params: Readonly<Params>, search: URLSearchParams) => void>> = {
  channel: (params, search) => prefetchChannelRoute(params, search),
  leaderChannel: (params, search) => prefetchChannelRoute(params, search),
};
function prefetchChannelRoute(params: Readonly<Params>, search: URLSearchParams): void {
  const channelId = Number(params.channelId);
  const page = Math.max(0, Number(search.get('page') ?? 0) || 0);
  const aroundId = Number(search.get('message') ?? 0) || undefined;
  if (channelId > 0) void import('@/features/chat/store').then((chat) => chat.prefetchChannel(channelId, page, aroundId));
}

const pages = Object.fromEntries(Object.entries(loaders).map(([name, load]) => [name, preloadable(load)])) as Partial<Record<RouteName, Preloadable<object>>>;

/** The routes that have a page of their own (the rest show the coming-soon page). */
export const pageNames = Object.keys(loaders) as RouteName[];

/** Routes whose feature arrives later. */
const ComingSoonRoute = lazy(() => import('./routes/system/coming-soon'));
/** The live socket and the shell's dialogs: a member's only, so not in the login page's download. */
const MemberSession = lazy(() => import('./member-session'));

function Private({ children }: { children: ReactNode }) {
  const { token, user, resolved } = useAuth();
  const location = useLocation();
  if (!token) return <Navigate to={href('login')} replace state={{ from: location.pathname + location.search }} />;
  if (!resolved || !user.data) return null;
  return <>{children}</>;
}

/** The browser tab names the page: 「タスク一覧 | Tsumugi」. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    setPageTitle(documentTitle(title));
  }, [title]);
}

function RoutePage({ def, name }: { def: RouteDef; name: RouteName }) {
  const mobile = useIsMobile();
  useDocumentTitle(def.title);
  // The page's chunk downloads while the session is still being confirmed (Private draws nothing
  // until whoami answers), not after: one round trip less before a member's page shows.
  const params = useParams();
  const [search] = useSearchParams();
  const prefetch = useRef({ params, search });
  useEffect(() => {
    void pages[name]?.preload();
    // Only on arrival (the page itself follows later changes of its parameters).
    if (useAuth.getState().token) prefetchers[name]?.(prefetch.current.params, prefetch.current.search);
  }, [name]);
  const Page = pages[name]?.Component;
  const body = <RouteGate route={name}>{Page ? <Page /> : <ComingSoonRoute title={def.title} />}</RouteGate>;
  const framed = <LayoutFrame layout={mobile && def.mobile ? def.mobile : def.layout}>{body}</LayoutFrame>;
  return def.private ? <Private>{framed}</Private> : framed;
}

/** An unknown path: the 404 page inside the frame (header and menu for a logged-in member). */
function NotFound() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <LayoutFrame layout="default">
      <NotFoundPage />
    </LayoutFrame>
  );
}

/** Everything around the pages: styles, banners, the live session, maintenance and page views. */
function Shell() {
  useLiveSession();
  const mobile = useIsMobile();
  const location = useLocation();
  const maintenanceActive = useMaintenance((s) => s.active);
  const role = useAuth((s) => s.user.data?.roleType);
  // From the first render with a token: the socket must be up before the page's data is read,
  // or a push in between would be missed.
  const member = useAuth((s) => !!s.token);

  useEffect(() => loadTagManager(import.meta.env.VITE_GTM_ID), []);
  useEffect(() => pushPageView(location.pathname), [location.pathname]);

  return (
    <>
      <GlobalStyle $mobile={mobile} />
      {/* A new page starts at its top; going back returns to where the reader was. */}
      <ScrollRestoration />
      <Banners />
      <UpdateBanner />
      <ConnectionBanner />
      <MaintenanceBanner staff={isStaff(role)} />
      {member && (
        <Suspense fallback={null}>
          <MemberSession dialogs={!maintenanceActive} />
        </Suspense>
      )}
      <ErrorBoundary>
        {maintenanceActive && !isStaff(role) ? (
          <MaintenancePage />
        ) : (
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        )}
      </ErrorBoundary>
    </>
  );
}

export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = (Object.keys(paths) as RouteName[]).map((name) => ({
    path: paths[name].path,
    element: <RoutePage def={paths[name]} name={name} />,
  }));
  children.push({ path: '*', element: <NotFound /> });
  return [{ element: <Shell />, children }];
}

/**
 * The browser's router. Before the first render, which asks for the member session and the
 * frame, the page's own chunk and (with a token) whoami are requested: over HTTP/1.1 the first
 * requests made are the first answered.
 */
export function createRouter() {
  const name = (Object.keys(paths) as RouteName[]).find((route) => matchPath(paths[route].path, window.location.pathname));
  if (name) void pages[name]?.preload();
  const auth = useAuth.getState();
  if (auth.token && !auth.user.data && !auth.user.loading) void auth.whoami();
  return createBrowserRouter(buildRoutes());
}
