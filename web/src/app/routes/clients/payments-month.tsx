import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { UsageMonthPage } from '@/features/client-payments/components/usage-month-page';
import { UsageWithoutCompany } from './usage-pick';
import { routePeriod, useUsageTarget } from './usage-target';

/** /clients/payments/{year}/{month}: the media of the month. */
export default function ClientPaymentsMonthRoute() {
  const target = useUsageTarget();
  const params = useParams();
  const period = routePeriod(params.year, params.month);
  if (!period) return <NotFoundPage />;
  if (target.kind !== 'company') return <UsageWithoutCompany target={target} />;
  return <UsageMonthPage clientId={target.clientId} staff={target.staff} year={period.year} month={period.month} />;
}
