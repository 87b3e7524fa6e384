import { ProjectsPage } from '@/features/projects/components/projects-page';
import { useViewer } from '../access';

export default function ProjectJoinsRoute() {
  return <ProjectsPage title="参加プロジェクト" viewer={useViewer()} />;
}
