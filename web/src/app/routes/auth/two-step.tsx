import { TwoStepPage } from '@/features/auth/components/two-step-page';

export default function TwoStepRoute() {
  return <TwoStepPage />;
}
