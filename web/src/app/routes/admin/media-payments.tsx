import { useSearchParams } from 'react-router';
import { AdminMediaPaymentsPage } from '@/features/client-payments/components/admin-media-payments-page';
import { routeId } from '../clients/id';
import { tokyoYearMonth } from '@/lib/format';

/** /admins/media/payments/update: a medium's bill for a month; the address may name the company, medium and month. */
export default function AdminMediaPaymentsRoute() {
  const [params] = useSearchParams();
  const now = tokyoYearMonth();
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  const named = Number.isInteger(year) && year >= 2000 && year <= 2100 && Number.isInteger(month) && month >= 1 && month <= 12;
  return (
    <AdminMediaPaymentsPage
      initial={{
        clientId: routeId(params.get('client_id') ?? undefined),
        mediaId: routeId(params.get('media_id') ?? undefined),
        year: named ? year : now.year,
        month: named ? month : now.month,
      }}
    />
  );
}
