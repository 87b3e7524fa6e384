import { ProjectsPage } from '@/features/projects/components/projects-page';
import { useViewer } from '../access';

export default function ProjectManagementsRoute() {
  const viewer = useViewer();
  return <ProjectsPage title="管理プロジェクト" manage viewer={viewer} />;
}
