/** Tab bank_accounts: the creators' current bank accounts and invoice registration numbers, searched by name or reading. */
import { Badge } from '@/components/badge';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { SearchForm } from '@/components/search-form';
import { dateParts } from '@/lib/calendar';
import { formatNumber } from '@/lib/format';
import { useWordSearch } from '@/lib/use-word-search';
import { usePayments } from '../store';

const DEPOSIT_LABEL: Record<string, string> = { ordinary: '普通', current: '当座', savings: '貯蓄' };

export function BankAccountsTab() {
  const { accounts, fetchAccounts } = usePayments();
  const { typed, setTyped, words, setPage, search } = useWordSearch(fetchAccounts);
  const data = accounts.data;
  return (
    <Panel title="振込先口座">
      <SearchForm label="名前・カナ" placeholder="名前・カナ・口座名義で検索" value={typed} onChange={setTyped} onSubmit={search} />
      <ErrorAlert error={accounts.error} />
      {!data && accounts.loading && <Muted>読み込み中…</Muted>}
      {data && data.accounts.length === 0 && <Muted>{words ? '条件に合うクリエイターが見つかりません。キーワードを変えてお試しください。' : 'クリエイターはまだいません。'}</Muted>}
      {data && data.accounts.length > 0 && (
        <>
          <Muted>{formatNumber(data.total)}人</Muted>
          <DataTable data-testid="payee-accounts" aria-busy={accounts.loading}>
            <thead>
              <tr>
                <th>クリエイター</th>
                <th>銀行</th>
                <th>支店</th>
                <th>種目</th>
                <th>口座番号</th>
                <th>口座名義</th>
                <th>インボイス登録番号</th>
                <th>適用開始</th>
              </tr>
            </thead>
            <tbody>
              {data.accounts.map((payee) => {
                const account = payee.bankAccount;
                const from = payee.paysFrom ? dateParts(payee.paysFrom) : null;
                return (
                  <tr key={payee.userId} data-testid="payee-account">
                    <td>
                      {payee.userName}
                      {payee.nameKana && <Muted>{payee.nameKana}</Muted>}
                    </td>
                    {account ? (
                      <>
                        <td>
                          {account.bankName}（{account.bankCode}）
                        </td>
                        <td>
                          {account.branchName}（{account.branchCode}）
                        </td>
                        <td>{DEPOSIT_LABEL[account.depositType] ?? 'その他'}</td>
                        <td>{account.number}</td>
                        <td>{account.holderKana}</td>
                      </>
                    ) : (
                      <td colSpan={5}>
                        <Badge $tone="alert">口座未登録</Badge>
                      </td>
                    )}
                    <td>{payee.invoiceRegistrationNumber ?? '—'}</td>
                    <td>{from ? `${from.year}年${from.month}月分から` : '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
          <Pager paging={data} disabled={accounts.loading} onPage={setPage} />
        </>
      )}
    </Panel>
  );
}
