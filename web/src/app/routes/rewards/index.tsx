import { Navigate } from 'react-router';

/** `/rewards` opens this month's statement (Tokyo time). */
export default function RewardsRoute() {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric' })
    .formatToParts(new Date())
    .filter((p) => p.type === 'year' || p.type === 'month')
    .map((p) => Number(p.value));
  return <Navigate to={`/rewards/${year}/${month}`} replace />;
}
