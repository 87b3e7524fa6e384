import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { MonthlyRewardsPage } from '@/features/rewards/components/monthly-rewards-page';

export default function RewardsMonthRoute() {
  const params = useParams();
  const year = Number(params.year);
  const month = Number(params.month);
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return <NotFoundPage />;
  // A new month starts at its first page.
  return <MonthlyRewardsPage key={`${year}-${month}`} year={year} month={month} />;
}
