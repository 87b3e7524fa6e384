import { RewardConfirmationPage } from '@/features/reward-confirmations/components/reward-confirmation-page';

export default function RewardConfirmationRoute() {
  return <RewardConfirmationPage />;
}
