import { useParams } from 'react-router';
import { AssessmentAnswerPage } from '@/features/assessments/components/assessment-answer-page';

export default function AssessmentRoute() {
  return <AssessmentAnswerPage assessmentId={Number(useParams().assessmentId)} />;
}
