import { UsageOverviewPage } from '@/features/client-payments/components/usage-overview-page';
import { UsageWithoutCompany } from './usage-pick';
import { tokyoYearMonth } from '@/lib/format';
import { useUsageTarget } from './usage-target';

/** /clients/payments: the years of the company's usage. */
export default function ClientPaymentsRoute() {
  const target = useUsageTarget();
  if (target.kind !== 'company') return <UsageWithoutCompany target={target} />;
  return <UsageOverviewPage key={target.clientId} clientId={target.clientId} staff={target.staff} thisYear={tokyoYearMonth().year} />;
}
