import { AssessmentListPage } from '@/features/assessments/components/assessment-list-page';

export default function AssessmentsRoute() {
  return <AssessmentListPage />;
}
