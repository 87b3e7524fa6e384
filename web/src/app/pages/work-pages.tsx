/** Work pages (projects, works, tasks, deliveries) wired to the session; the features take the viewer as a prop. */
import { ProjectDetailPage } from '@/features/projects/components/project-detail-page';
import { ProjectsPage } from '@/features/projects/components/projects-page';
import { ClientDeliveriesPage } from '@/features/tasks/components/client-deliveries-page';
import { TaskDetailPage } from '@/features/tasks/components/task-detail-page';
import { TasksPage } from '@/features/tasks/components/tasks-page';
import { WorkPage } from '@/features/tasks/components/work-page';
import { Forbidden, StaffOnly, useViewer } from './access';

export function ProjectManagementsRoute() {
  const viewer = useViewer();
  return (
    <StaffOnly>
      <ProjectsPage title="管理プロジェクト" manage viewer={viewer} />
    </StaffOnly>
  );
}
export const ProjectJoinsRoute = () => <ProjectsPage title="参加プロジェクト" viewer={useViewer()} />;
export const ProjectRoute = () => <ProjectDetailPage viewer={useViewer()} />;
export const ProductRoute = () => <WorkPage viewer={useViewer()} />;
export const TasksRoute = () => <TasksPage viewer={useViewer()} />;
export const TaskRoute = () => <TaskDetailPage viewer={useViewer()} />;
export function ClientDeliveriesRoute() {
  const { clientId } = useViewer();
  return clientId === null ? <Forbidden /> : <ClientDeliveriesPage clientId={clientId} />;
}
