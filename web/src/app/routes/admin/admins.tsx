import { Link } from 'react-router';
import { PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { useAuth } from '@/features/auth/store';
import { MaintenanceAdminCard } from '@/features/maintenance/components/maintenance-admin-card';
import { isAdmin, isStaff } from '@/lib/roles';
import { Forbidden } from '../access';

const FUNCTIONS: [string, string][] = [
  ['権限変更', '/admins/user/roles/edit'],
  ['完了日更新', '/admins/tasks/completed_date/update'],
  ['オファーテンプレート', '/admins/offer_templates'],
  ['タスク無効化', '/admins/tasks/invalid'],
  ['報酬確定', '/admins/reward_confirmation'],
  ['ダウンロード', '/admins/downloads'],
  ['納品報告', '/admins/delivery_reports/add'],
  ['タスク更新', '/admins/task/update'],
  ['媒体支払い更新', '/admins/media/payments/update'],
  ['退会者', '/admins/users/left'],
];

/** The staff menu under /admins; admins also set the maintenance window here. */
export default function AdminsRoute() {
  const role = useAuth((s) => s.user.data?.roleType);
  if (!isStaff(role)) return <Forbidden />;
  return (
    <>
      <PageTitle>管理機能</PageTitle>
      {isAdmin(role) && <MaintenanceAdminCard />}
      <Panel title="管理メニュー">
        <ul>
          {FUNCTIONS.map(([label, to]) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}
