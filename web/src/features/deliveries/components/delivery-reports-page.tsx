import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FormGrid } from '@/components/form-grid';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { Select } from '@/components/select';
import { TextField } from '@/components/text-field';
import { describeWithLabels } from '@/lib/errors';
import { formatDateTime, formatNumber } from '@/lib/format';
import { deliveryReportSchema, newDeliveryReportOf, type DeliveryReportFormValues, type DeliveryReportValues } from '../schema';
import { useDeliveries } from '../store';

const describe = describeWithLabels({ media_id: '媒体ID', year: '年', month: '月' });
const MONTHS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}月` }));

const previousMonth = () => {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
};

export function DeliveryReportsPage() {
  const { reports, reportWrite, fetchReports, createReport } = useDeliveries();
  const initial = previousMonth();
  const form = useForm<DeliveryReportFormValues, unknown, DeliveryReportValues>({
    resolver: zodResolver(deliveryReportSchema),
    defaultValues: { mediaId: '', year: String(initial.year), month: String(initial.month) },
  });
  const [created, setCreated] = useState(false);
  useEffect(() => {
    void fetchReports();
  }, [fetchReports]);

  // The button stays disabled until the medium's id is a positive number, as before the form had a schema.
  const valid = deliveryReportSchema.shape.mediaId.safeParse(useWatch({ control: form.control, name: 'mediaId' })).success;
  const submit = form.handleSubmit(async (values) => {
    setCreated(false);
    setCreated(await createReport(newDeliveryReportOf(values)));
  });
  const years = Array.from({ length: 6 }, (_, i) => initial.year + 1 - i);

  return (
    <>
      <PageTitle>納品報告</PageTitle>
      <Panel title="納品報告を作成">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <FormGrid>
            <TextField label="媒体ID" inputMode="numeric" placeholder="例: 1" {...form.register('mediaId')} />
            <Controller
              control={form.control}
              name="year"
              render={({ field }) => <Select label="年" options={years.map((y) => ({ value: String(y), label: `${y}年` }))} value={field.value} onChange={field.onChange} />}
            />
            <Controller control={form.control} name="month" render={({ field }) => <Select label="月" options={MONTHS} value={field.value} onChange={field.onChange} />} />
          </FormGrid>
          <Button type="submit" $variant="primary" disabled={reportWrite.loading || !valid}>
            納品報告を作成
          </Button>
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
          <DataTable data-testid="delivery-report-list">
            <thead>
              <tr>
                <th>媒体</th>
                <th>対象月</th>
                <th className="number">タスク数</th>
                <th className="number">報酬合計</th>
                <th className="number">作成日時</th>
              </tr>
            </thead>
            <tbody>
              {reports.data.map((report) => (
                <tr key={report.id}>
                  <td>{report.mediaName}</td>
                  <td>
                    {report.year}年{report.month}月
                  </td>
                  <td className="number">{formatNumber(report.taskCount)}件</td>
                  <td className="number">{formatNumber(report.rewardTotal)}円</td>
                  <td className="number">{formatDateTime(report.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
    </>
  );
}
