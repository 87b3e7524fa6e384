import { useSearchParams } from 'react-router';
import { PaymentsPage } from '@/features/payments/components/payments-page';
import type { PaymentTab } from '@/features/payments/types';
import { dateParts, todayIso } from '@/lib/calendar';

const TABS: PaymentTab[] = ['completed_task_payments', 'payment_for_users', 'bank_accounts'];

/** `/payments?tab=…&year=…&month=…`: the tab and month live in the address (this month, first tab, by default). */
export default function PaymentsRoute() {
  const [params] = useSearchParams();
  const today = dateParts(todayIso());
  const tab = TABS.find((t) => t === params.get('tab')) ?? TABS[0];
  const year = Number(params.get('year'));
  const month = Number(params.get('month'));
  const valid = Number.isInteger(year) && year >= 2000 && year <= 2100 && Number.isInteger(month) && month >= 1 && month <= 12;
  return <PaymentsPage tab={tab} year={valid ? year : today.year} month={valid ? month : today.month} />;
}
