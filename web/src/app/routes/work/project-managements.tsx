import { ProjectsPage } from '@/features/projects/components/projects-page';
import { StaffOnly, useViewer } from '../access';

export default function ProjectManagementsRoute() {
  const viewer = useViewer();
  return (
    <StaffOnly>
      <ProjectsPage title="管理プロジェクト" manage viewer={viewer} />
    </StaffOnly>
  );
}
