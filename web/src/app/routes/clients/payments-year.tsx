import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/status-page';
import { UsageYearPage } from '@/features/client-payments/components/usage-year-page';
import { UsageWithoutCompany } from './usage-pick';
import { routePeriod, useUsageTarget } from './usage-target';

/** /clients/payments/{year}: twelve months by medium. */
export default function ClientPaymentsYearRoute() {
  const target = useUsageTarget();
  const period = routePeriod(useParams().year);
  if (!period) return <NotFoundPage />;
  if (target.kind !== 'company') return <UsageWithoutCompany target={target} />;
  return <UsageYearPage clientId={target.clientId} staff={target.staff} year={period.year} />;
}
