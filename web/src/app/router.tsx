import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, useLocation, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { documentTitle, NOT_FOUND_TITLE, paths, type RouteDef, type RouteName } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { Banners } from '@/features/banners/components/banners';
import { ConnectionBanner } from '@/features/connection/components/connection-banner';
import { MaintenanceBanner } from '@/features/maintenance/components/maintenance-banner';
import { MaintenancePage } from '@/features/maintenance/components/maintenance-page';
import { useMaintenance } from '@/features/maintenance/store';
import { UpdateBanner } from '@/features/version/components/update-banner';
import { loadTagManager, pushPageView } from '@/lib/analytics';
import { useIsMobile } from '@/lib/device';
import { isStaff } from '@/lib/roles';
import { GlobalStyle } from '@/theme/global-style';
import { ErrorBoundary } from './error-boundary';
import { LayoutFrame } from './layouts';
import { useLiveSession } from './live';
import { AssessmentRemindGate } from './assessment-remind';
import { RouteGate } from './routes/access';
import { InformationGate } from './information-dialog';
import { WorkStatusGate } from './work-status';

/** Every page is its own route file, loaded when first visited. */
const pages: Partial<Record<RouteName, LazyExoticComponent<ComponentType>>> = {
  login: lazy(() => import('./routes/auth/login')),
  twoStep: lazy(() => import('./routes/auth/two-step')),
  terms: lazy(() => import('./routes/public/terms')),
  privacies: lazy(() => import('./routes/public/privacies')),
  cookiePolicy: lazy(() => import('./routes/public/cookie-policy')),
  orderingGuide: lazy(() => import('./routes/public/ordering-guide')),
  manual: lazy(() => import('./routes/public/manual')),
  userEdit: lazy(() => import('./routes/user/edit')),
  userEditBankAccounts: lazy(() => import('./routes/user/edit-bank-accounts')),
  signupBankAccounts: lazy(() => import('./routes/user/signup-bank-accounts')),
  signupComplete: lazy(() => import('./routes/user/signup-complete')),
  signup: lazy(() => import('./routes/accounts/signup')),
  signupSent: lazy(() => import('./routes/accounts/signup-sent')),
  signupProfile: lazy(() => import('./routes/accounts/signup-profile')),
  accountRecovery: lazy(() => import('./routes/accounts/account-recovery')),
  accountRecoverySent: lazy(() => import('./routes/accounts/account-recovery-sent')),
  changePassword: lazy(() => import('./routes/accounts/change-password')),
  changePasswordSent: lazy(() => import('./routes/accounts/change-password-sent')),
  clientSignup: lazy(() => import('./routes/accounts/client-signup')),
  clientSignupProfile: lazy(() => import('./routes/accounts/client-signup-profile')),
  userEditProfiles: lazy(() => import('./routes/user/edit-profiles')),
  userEditAuth: lazy(() => import('./routes/user/edit-auth')),
  userEditMailSent: lazy(() => import('./routes/user/edit-mail-sent')),
  userEditMailComplete: lazy(() => import('./routes/user/edit-mail-complete')),
  userEditMailFrequencies: lazy(() => import('./routes/user/edit-mail-frequencies')),
  signupSkills: lazy(() => import('./routes/user/signup-skills')),
  userEditSkills: lazy(() => import('./routes/user/edit-skills')),
  userEditJobs: lazy(() => import('./routes/user/edit-jobs')),
  projects: lazy(() => import('./routes/work/projects')),
  projectManagements: lazy(() => import('./routes/work/project-managements')),
  projectJoins: lazy(() => import('./routes/work/project-joins')),
  project: lazy(() => import('./routes/work/project')),
  product: lazy(() => import('./routes/work/product')),
  tasks: lazy(() => import('./routes/work/tasks')),
  task: lazy(() => import('./routes/work/task')),
  clientDeliveries: lazy(() => import('./routes/work/client-deliveries')),
  admins: lazy(() => import('./routes/admin/admins')),
  adminRoles: lazy(() => import('./routes/admin/roles-edit')),
  adminUsersLeft: lazy(() => import('./routes/admin/users-left')),
  adminOfferTemplates: lazy(() => import('./routes/admin/offer-templates')),
  adminCompletedDate: lazy(() => import('./routes/admin/completed-date')),
  adminInvalidTasks: lazy(() => import('./routes/admin/invalid-tasks')),
  adminTaskUpdate: lazy(() => import('./routes/admin/task-update')),
  adminDeliveryReports: lazy(() => import('./routes/admin/delivery-reports')),
  adminMediaPayments: lazy(() => import('./routes/admin/media-payments')),
  teams: lazy(() => import('./routes/chat/teams')),
  teamChannels: lazy(() => import('./routes/chat/channels')),
  channel: lazy(() => import('./routes/chat/channel')),
  channelDetail: lazy(() => import('./routes/chat/channel-detail')),
  leaderTeams: lazy(() => import('./routes/chat/leader-teams')),
  leaderTeamChannels: lazy(() => import('./routes/chat/leader-channels')),
  leaderChannel: lazy(() => import('./routes/chat/leader-channel')),
  leaderChannelDetail: lazy(() => import('./routes/chat/leader-channel-detail')),
  userSearch: lazy(() => import('./routes/users/search')),
  creator: lazy(() => import('./routes/creators/creator')),
  creatorAttributes: lazy(() => import('./routes/creators/creator-attributes')),
  creatorTasks: lazy(() => import('./routes/creators/creator-tasks')),
  clientMedia: lazy(() => import('./routes/clients/client-media')),
  clientAdd: lazy(() => import('./routes/clients/client-add')),
  clientEdit: lazy(() => import('./routes/clients/client-edit')),
  clientMediaList: lazy(() => import('./routes/clients/client-media-list')),
  clientAccounts: lazy(() => import('./routes/clients/client-accounts')),
  clientMediaAdd: lazy(() => import('./routes/clients/client-media-add')),
  clientMediaEdit: lazy(() => import('./routes/clients/client-media-edit')),
  media: lazy(() => import('./routes/clients/media')),
  mediaDetails: lazy(() => import('./routes/clients/media-details')),
  mediaOptionPaymentAdd: lazy(() => import('./routes/clients/media-option-payment-add')),
  mediaInformation: lazy(() => import('./routes/clients/media-information')),
  mediaMembers: lazy(() => import('./routes/clients/media-members')),
  clientPayments: lazy(() => import('./routes/clients/payments')),
  clientPaymentsYear: lazy(() => import('./routes/clients/payments-year')),
  clientPaymentsMonth: lazy(() => import('./routes/clients/payments-month')),
  clientMediaPayments: lazy(() => import('./routes/clients/media-payments')),
  guestLogin: lazy(() => import('./routes/guest/login')),
  guestTeam: lazy(() => import('./routes/guest/team')),
  guestCreator: lazy(() => import('./routes/guest/creator')),
  assessments: lazy(() => import('./routes/assessments/list')),
  assessment: lazy(() => import('./routes/assessments/answer')),
  rewards: lazy(() => import('./routes/rewards/index')),
  rewardsYear: lazy(() => import('./routes/rewards/year')),
  rewardsMonth: lazy(() => import('./routes/rewards/month')),
  payments: lazy(() => import('./routes/payments/index')),
  adminDownloads: lazy(() => import('./routes/admin/downloads')),
  adminRewardConfirmation: lazy(() => import('./routes/admin/reward-confirmation')),
  purchaseOrders: lazy(() => import('./routes/purchase-orders/list')),
  purchaseOrder: lazy(() => import('./routes/purchase-orders/detail')),
  mediaTeams: lazy(() => import('./routes/clients/media-teams')),
  mediaTeam: lazy(() => import('./routes/clients/media-team')),
  mediaTeamAdd: lazy(() => import('./routes/clients/media-team-add')),
  mediaTeamEdit: lazy(() => import('./routes/clients/media-team-edit')),
  mediaTeamMemberAdd: lazy(() => import('./routes/clients/media-team-member-add')),
  information: lazy(() => import('./routes/information/list')),
  informationAdd: lazy(() => import('./routes/information/add')),
};
/** The routes that have a page of their own (the rest show the coming-soon page). */
export const pageNames = Object.keys(pages) as RouteName[];

/** Routes whose feature arrives later. */
const ComingSoonRoute = lazy(() => import('./routes/system/coming-soon'));

function Private({ children }: { children: ReactNode }) {
  const { token, user, resolved } = useAuth();
  const location = useLocation();
  if (!token) return <Navigate to="/" replace state={{ from: location.pathname + location.search }} />;
  if (!resolved || !user.data) return null;
  return <>{children}</>;
}

/** The browser tab names the page: 「タスク一覧 | Tsumugi」. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

function RoutePage({ def, name }: { def: RouteDef; name: RouteName }) {
  const mobile = useIsMobile();
  useDocumentTitle(def.title);
  const Page = pages[name];
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
      {!maintenanceActive && <WorkStatusGate />}
      {!maintenanceActive && <AssessmentRemindGate />}
      {!maintenanceActive && <InformationGate />}
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

export const createRouter = () => createBrowserRouter(buildRoutes());
