import { DownloadsPage } from '@/features/payments/components/downloads-page';
import { AccountantOnly } from '../access';

export default function DownloadsRoute() {
  return (
    <AccountantOnly>
      <DownloadsPage />
    </AccountantOnly>
  );
}
