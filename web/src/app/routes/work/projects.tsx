import { ProjectsPage } from '@/features/projects/components/projects-page';

/** Every project the server shows the caller (no status moves here, so no viewer). */
export default function ProjectsRoute() {
  return <ProjectsPage />;
}
