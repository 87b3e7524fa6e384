import { PageTitle } from '@/components/page';
import { LinkList } from '@/components/link-list';
import { Panel } from '@/components/panel';
import { useAuth } from '@/features/auth/store';
import { MaintenanceAdminCard } from '@/features/maintenance/components/maintenance-admin-card';
import { isAdmin } from '@/lib/roles';
import { StaffOnly } from '../access';

const FUNCTIONS: { label: string; to: string }[] = [
  { label: '権限変更', to: '/admins/user/roles/edit' },
  { label: '完了日更新', to: '/admins/tasks/completed_date/update' },
  { label: 'オファーテンプレート', to: '/admins/offer_templates' },
  { label: 'タスク無効化', to: '/admins/tasks/invalid' },
  { label: '報酬確定', to: '/admins/reward_confirmation' },
  { label: 'ダウンロード', to: '/admins/downloads' },
  { label: '納品報告', to: '/admins/delivery_reports/add' },
  { label: 'タスク更新', to: '/admins/task/update' },
  { label: '媒体支払い更新', to: '/admins/media/payments/update' },
  { label: '退会者', to: '/admins/users/left' },
];

/** The staff menu under /admins; admins also set the maintenance window here. */
export default function AdminsRoute() {
  const role = useAuth((s) => s.user.data?.roleType);
  return (
    <StaffOnly>
      <PageTitle>管理機能</PageTitle>
      {isAdmin(role) && <MaintenanceAdminCard />}
      <Panel title="管理メニュー">
        <LinkList links={FUNCTIONS} />
      </Panel>
    </StaffOnly>
  );
}
