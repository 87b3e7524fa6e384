import { RewardConfirmationPage } from '@/features/reward-confirmations/components/reward-confirmation-page';
import { AccountantOnly } from '../access';

export default function RewardConfirmationRoute() {
  return (
    <AccountantOnly>
      <RewardConfirmationPage />
    </AccountantOnly>
  );
}
