import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { AnnualRewardsPage } from '@/features/rewards/components/annual-rewards-page';

export default function RewardsYearRoute() {
  const year = Number(useParams().year);
  if (!Number.isInteger(year) || year < 2000 || year > 2100) return <NotFoundPage />;
  return <AnnualRewardsPage year={year} />;
}
