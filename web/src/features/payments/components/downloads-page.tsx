/** `/admins/downloads`: a confirmed month's bank transfer file (Zengin 総合振込) and its statements as a spreadsheet. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DescriptionList } from '@/components/description-list';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { Select } from '@/components/select';
import { href } from '@/config/paths';
import { displayDate } from '@/lib/calendar';
import { formatDateTime, formatNumber, formatYen } from '@/lib/format';
import { usePayments } from '../store';
import type { DownloadKind, DownloadMonth } from '../types';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 16px;
`;

const FILES: { kind: DownloadKind; label: string; note: string }[] = [
  { kind: 'transfer_file', label: '振込データ（全銀フォーマット）', note: '総合振込・Shift_JIS・1件120バイト。インターネットバンキングにそのまま取り込めます。' },
  { kind: 'statements', label: '報酬明細（Excel）', note: 'クリエイターごとの確定額と振込先、合計の一覧です。' },
];

const keyOf = (m: DownloadMonth) => `${m.year}-${m.month}`;

export function DownloadsPage() {
  const { months, fetchMonths, download, downloadFile } = usePayments();
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(() => {
    void fetchMonths();
  }, [fetchMonths]);
  const list = months.data ?? [];
  const current = list.find((m) => keyOf(m) === picked) ?? list[0] ?? null;
  return (
    <>
      <PageTitle>ダウンロード</PageTitle>
      <ErrorAlert error={months.error} />
      {!months.data && months.loading && <Muted>読み込み中…</Muted>}
      {months.data && list.length === 0 && (
        <Panel title="確定済みの月">
          <Muted>
            確定済みの月はまだありません。<Link to={href('adminRewardConfirmation')}>報酬確定</Link>で月を確定すると、ここから振込データと報酬明細をダウンロードできます。
          </Muted>
        </Panel>
      )}
      {current && (
        <Panel title="確定済みの月" testId="download-month">
          <Select
            label="対象月"
            options={list.map((m) => ({ value: keyOf(m), label: `${m.year}年${m.month}月分` }))}
            value={keyOf(current)}
            onChange={setPicked}
          />
          <DescriptionList
            items={[
              { term: '確定日時', detail: formatDateTime(current.confirmedAt) },
              { term: '振込予定日', detail: displayDate(current.paymentDate) },
              { term: '明細', detail: `${formatNumber(current.statementCount)}件（${formatYen(current.totalRewardAmount)}）` },
              { term: '振込データ', detail: `${formatNumber(current.transferCount)}件（${formatYen(current.transferTotal)}）` },
              current.withoutBankAccountCount > 0 && {
                term: '口座未登録',
                detail: (
                  <>
                    <Badge $tone="alert">{formatNumber(current.withoutBankAccountCount)}件</Badge> 振込データに含まれません。個別にお振込みください。
                  </>
                ),
              },
            ]}
          />
          <Actions>
            {FILES.map(({ kind, label }) => {
              const busy = download.loading && download.data === kind;
              return (
                <Button
                  key={kind}
                  type="button"
                  $variant="primary"
                  disabled={download.loading}
                  aria-busy={busy}
                  onClick={() => void downloadFile(kind, current.year, current.month)}
                >
                  {busy ? 'ダウンロード中…' : `${label}をダウンロード`}
                </Button>
              );
            })}
          </Actions>
          <ErrorAlert error={download.error} />
          {FILES.map(({ kind, label, note }) => (
            <Muted key={kind}>
              {label}：{note}
            </Muted>
          ))}
        </Panel>
      )}
    </>
  );
}
