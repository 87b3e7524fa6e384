import { ProjectDetailPage } from '@/features/projects/components/project-detail-page';
import { useViewer } from '../access';

export default function ProjectRoute() {
  return <ProjectDetailPage viewer={useViewer()} />;
}
