import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Inline } from '@/components/list';
import { Field, Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { describeWithLabels } from '@/lib/errors';
import { formatDateTime, formatNumber, toHalfWidthDigits } from '@/lib/format';
import { useDeliveryReports } from '../stores/delivery-reports';

const describe = describeWithLabels({ media_id: '媒体ID', year: '年', month: '月' });

const previousMonth = () => {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
};

export function DeliveryReportsPage() {
  const { reports, reportWrite, fetchReports, createReport } = useDeliveryReports();
  const initial = previousMonth();
  const [mediaId, setMediaId] = useState('');
  const [year, setYear] = useState(String(initial.year));
  const [month, setMonth] = useState(String(initial.month));
  const [created, setCreated] = useState(false);
  useEffect(() => {
    void fetchReports();
  }, [fetchReports]);

  const media = Number(toHalfWidthDigits(mediaId.trim()));
  const valid = Number.isInteger(media) && media > 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCreated(false);
    if (valid) setCreated(await createReport({ mediaId: media, year: Number(year), month: Number(month) }));
  };
  const years = Array.from({ length: 6 }, (_, i) => initial.year + 1 - i);

  return (
    <>
      <PageTitle>納品報告</PageTitle>
      <Panel title="納品報告を作成">
        <form onSubmit={submit}>
          <Field>
            媒体ID
            <input inputMode="numeric" value={mediaId} onChange={(e) => setMediaId(e.target.value)} />
          </Field>
          <Inline>
            <label>
              年{' '}
              <select value={year} onChange={(e) => setYear(e.target.value)}>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}年
                  </option>
                ))}
              </select>
            </label>
            <label>
              月{' '}
              <select value={month} onChange={(e) => setMonth(e.target.value)}>
                {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                  <option key={m} value={m}>
                    {m}月
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" $variant="primary" disabled={reportWrite.loading || !valid}>
              納品報告を作成
            </Button>
          </Inline>
          <ErrorAlert error={reportWrite.error} describe={describe} />
          {created && reportWrite.data && (
            <p role="status">
              {reportWrite.data.mediaName} の {reportWrite.data.year}年{reportWrite.data.month}月分を作成しました（{reportWrite.data.taskCount}件）
            </p>
          )}
        </form>
      </Panel>
      <Panel title="作成済みの納品報告">
        <ErrorAlert error={reports.error} />
        {!reports.loading && reports.data.length === 0 && <Muted>納品報告はまだありません。</Muted>}
        {reports.data.length > 0 && (
          <table style={{ width: '100%', borderCollapse: 'collapse' }} data-testid="delivery-report-list">
            <thead>
              <tr>
                <th style={{ textAlign: 'left' }}>媒体</th>
                <th style={{ textAlign: 'left' }}>対象月</th>
                <th style={{ textAlign: 'right' }}>タスク数</th>
                <th style={{ textAlign: 'right' }}>報酬合計</th>
                <th style={{ textAlign: 'right' }}>作成日時</th>
              </tr>
            </thead>
            <tbody>
              {reports.data.map((report) => (
                <tr key={report.id}>
                  <td>{report.mediaName}</td>
                  <td>
                    {report.year}年{report.month}月
                  </td>
                  <td style={{ textAlign: 'right' }}>{formatNumber(report.taskCount)}件</td>
                  <td style={{ textAlign: 'right' }}>{formatNumber(report.rewardTotal)}円</td>
                  <td style={{ textAlign: 'right' }}>{formatDateTime(report.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </>
  );
}
