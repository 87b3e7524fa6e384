/** `/payments`: the accountant's three tabs — the month's completed tasks, each creator's payment, and the creators' bank accounts. */
import { Link, useNavigate } from 'react-router';
import { PageHead, PageTitle } from '@/components/page';
import { TabNav } from '@/components/tab-nav';
import { href } from '@/config/paths';
import type { PaymentTab } from '../types';
import { BankAccountsTab } from './bank-accounts-tab';
import { CompletedTasksTab } from './completed-tasks-tab';
import { UserPaymentsTab } from './user-payments-tab';

export const PAYMENT_TABS: { tab: PaymentTab; label: string }[] = [
  { tab: 'completed_task_payments', label: '完了タスク' },
  { tab: 'payment_for_users', label: 'クリエイター別' },
  { tab: 'bank_accounts', label: '振込先口座' },
];

/** `/payments?tab=…&year=…&month=…`. */
export function paymentsHref(tab: PaymentTab, year: number, month: number): string {
  return `${href('payments')}?${new URLSearchParams({ tab, year: String(year), month: String(month) })}`;
}

export function PaymentsPage({ tab, year, month }: { tab: PaymentTab; year: number; month: number }) {
  const navigate = useNavigate();
  const hrefFor = (y: number, m: number) => paymentsHref(tab, y, m);
  const onPick = (y: number, m: number) => void navigate(hrefFor(y, m));
  return (
    <>
      <PageHead>
        <PageTitle>支払い</PageTitle>
        <Link to={href('adminDownloads')}>振込データ・明細のダウンロード</Link>
      </PageHead>
      <TabNav aria-label="支払いのタブ">
        {PAYMENT_TABS.map(({ tab: t, label }) => (
          <Link key={t} to={paymentsHref(t, year, month)} className={t === tab ? 'active' : undefined} aria-current={t === tab ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </TabNav>
      {/* A new month starts at its first page. */}
      {tab === 'completed_task_payments' && <CompletedTasksTab key={`${year}-${month}`} year={year} month={month} hrefFor={hrefFor} onPick={onPick} />}
      {tab === 'payment_for_users' && <UserPaymentsTab key={`${year}-${month}`} year={year} month={month} hrefFor={hrefFor} onPick={onPick} />}
      {tab === 'bank_accounts' && <BankAccountsTab />}
    </>
  );
}
