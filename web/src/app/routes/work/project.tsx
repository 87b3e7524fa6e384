import { ProjectDetailPage } from '@/features/projects/components/project-detail-page';

export default function ProjectRoute() {
  return <ProjectDetailPage />;
}
