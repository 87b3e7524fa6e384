import { DownloadsPage } from '@/features/payments/components/downloads-page';

export default function DownloadsRoute() {
  return <DownloadsPage />;
}
