/** Admin tools under /admins, staff only. */
import { DeliveryReportsPage } from '@/features/admin/components/delivery-reports-page';
import { OfferTemplatesPage } from '@/features/admin/components/offer-templates-page';
import { AdminCompletedDatePage, AdminInvalidTasksPage, AdminTaskUpdatePage } from '@/features/tasks/components/admin-task-pages';
import { StaffOnly } from './access';

export const OfferTemplatesRoute = () => (
  <StaffOnly>
    <OfferTemplatesPage />
  </StaffOnly>
);
export const CompletedDateRoute = () => (
  <StaffOnly>
    <AdminCompletedDatePage />
  </StaffOnly>
);
export const InvalidTasksRoute = () => (
  <StaffOnly>
    <AdminInvalidTasksPage />
  </StaffOnly>
);
export const TaskUpdateRoute = () => (
  <StaffOnly>
    <AdminTaskUpdatePage />
  </StaffOnly>
);
export const DeliveryReportsRoute = () => (
  <StaffOnly>
    <DeliveryReportsPage />
  </StaffOnly>
);
