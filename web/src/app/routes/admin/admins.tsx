import { PageTitle, Muted } from '@/components/page';
import { LinkList } from '@/components/link-list';
import { Panel } from '@/components/panel';
import { mayOpen } from '@/config/access';
import { paths, type RouteName } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { MaintenanceAdminCard } from '@/features/maintenance/components/maintenance-admin-card';
import { isAdmin } from '@/lib/roles';

/** Every staff tool, in menu order; each is listed only to the roles its page admits. */
export const ADMIN_FUNCTIONS: RouteName[] = [
  'adminRoles',
  'adminUsersLeft',
  'adminCompletedDate',
  'adminOfferTemplates',
  'adminInvalidTasks',
  'adminTaskUpdate',
  'adminDeliveryReports',
  'adminMediaPayments',
  'adminRewardConfirmation',
  'adminDownloads',
];

/** /admins: the staff tools the caller's role may open; admins also schedule maintenance here. */
export default function AdminsRoute() {
  const role = useAuth((s) => s.user.data?.roleType);
  const links = ADMIN_FUNCTIONS.filter((name) => mayOpen(name, role)).map((name) => ({ label: paths[name].title, to: paths[name].path }));
  return (
    <>
      <PageTitle>管理機能</PageTitle>
      {isAdmin(role) && <MaintenanceAdminCard />}
      <Panel title="管理メニュー" testId="admin-functions">
        <Muted>ご利用の権限で開ける機能を表示しています。</Muted>
        <LinkList links={links} />
      </Panel>
    </>
  );
}
