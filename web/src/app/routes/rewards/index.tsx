import { Navigate } from 'react-router';
import { href } from '@/config/paths';
import { tokyoYearMonth } from '@/lib/format';

/** `/rewards` opens this year's statement (Tokyo time). */
export default function RewardsRoute() {
  const { year } = tokyoYearMonth(new Date());
  return <Navigate to={href('rewardsYear', { year })} replace />;
}
