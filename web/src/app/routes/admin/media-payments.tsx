import { useSearchParams } from 'react-router';
import { AdminMediaPaymentsPage } from '@/features/client-payments/components/admin-media-payments-page';
import { StaffOnly } from '../access';
import { routeId } from '../clients/id';
import { tokyoYearMonth } from '../clients/usage-target';

/** /admins/media/payments/update: a medium's bill for a month; the address may name the company, medium and month. */
export default function AdminMediaPaymentsRoute() {
  const [params] = useSearchParams();
  const now = tokyoYearMonth();
  const year = Number(params.get('year')) || now.year;
  const month = Number(params.get('month')) || now.month;
  return (
    <StaffOnly>
      <AdminMediaPaymentsPage
        initial={{
          clientId: routeId(params.get('client_id') ?? undefined),
          mediaId: routeId(params.get('media_id') ?? undefined),
          month: `${year}-${String(Math.min(Math.max(month, 1), 12)).padStart(2, '0')}`,
        }}
      />
    </StaffOnly>
  );
}
