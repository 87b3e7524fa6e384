import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { paths, type RouteDef, type RouteName } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { Banners } from '@/features/banners/components/banners';
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
import { ComingSoonPage } from './pages/coming-soon-page';
import { NotFoundPage } from './pages/not-found-page';

const page = <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));

const pages: Partial<Record<RouteName, ComponentType>> = {
  login: page(() => import('@/features/auth/components/login-page'), 'LoginPage'),
  twoStep: page(() => import('@/features/auth/components/two-step-page'), 'TwoStepPage'),
  terms: page(() => import('./pages/text-pages'), 'TermsPage'),
  privacies: page(() => import('./pages/text-pages'), 'PrivaciesPage'),
  projects: page(() => import('@/features/projects/components/projects-page'), 'ProjectsPage'),
  projectManagements: page(() => import('./pages/work-pages'), 'ProjectManagementsRoute'),
  projectJoins: page(() => import('./pages/work-pages'), 'ProjectJoinsRoute'),
  project: page(() => import('./pages/work-pages'), 'ProjectRoute'),
  product: page(() => import('./pages/work-pages'), 'ProductRoute'),
  tasks: page(() => import('./pages/work-pages'), 'TasksRoute'),
  task: page(() => import('./pages/work-pages'), 'TaskRoute'),
  clientDeliveries: page(() => import('./pages/work-pages'), 'ClientDeliveriesRoute'),
  userEdit: page(() => import('./pages/user-edit-page'), 'UserEditPage'),
  admins: page(() => import('./pages/admins-page'), 'AdminsPage'),
  adminOfferTemplates: page(() => import('./pages/admin-tool-pages'), 'OfferTemplatesRoute'),
  adminCompletedDate: page(() => import('./pages/admin-tool-pages'), 'CompletedDateRoute'),
  adminInvalidTasks: page(() => import('./pages/admin-tool-pages'), 'InvalidTasksRoute'),
  adminTaskUpdate: page(() => import('./pages/admin-tool-pages'), 'TaskUpdateRoute'),
  adminDeliveryReports: page(() => import('./pages/admin-tool-pages'), 'DeliveryReportsRoute'),
  teams: page(() => import('./pages/chat-pages'), 'TeamsRoute'),
  teamChannels: page(() => import('./pages/chat-pages'), 'ChannelsRoute'),
  channel: page(() => import('./pages/chat-pages'), 'ChannelRoute'),
  channelDetail: page(() => import('./pages/chat-pages'), 'ChannelDetailRoute'),
  leaderTeams: page(() => import('./pages/chat-pages'), 'LeaderTeamsRoute'),
  leaderTeamChannels: page(() => import('./pages/chat-pages'), 'LeaderChannelsRoute'),
  leaderChannel: page(() => import('./pages/chat-pages'), 'LeaderChannelRoute'),
  leaderChannelDetail: page(() => import('./pages/chat-pages'), 'LeaderChannelDetailRoute'),
};


function Private({ children }: { children: ReactNode }) {
  const { token, user, resolved } = useAuth();
  const location = useLocation();
  if (!token) return <Navigate to="/" replace state={{ from: location.pathname + location.search }} />;
  if (!resolved || !user.data) return null;
  return <>{children}</>;
}

function RoutePage({ def, name }: { def: RouteDef; name: RouteName }) {
  const mobile = useIsMobile();
  const Page = pages[name];
  const body = Page ? <Page /> : <ComingSoonPage title={def.title} />;
  const framed = <LayoutFrame layout={mobile && def.mobile ? def.mobile : def.layout}>{body}</LayoutFrame>;
  return def.private ? <Private>{framed}</Private> : framed;
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
      <Banners />
      <UpdateBanner />
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
  children.push({ path: '*', element: <NotFoundPage /> });
  return [{ element: <Shell />, children }];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
