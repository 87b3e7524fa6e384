/** The money settings on the confirmation page: the rates of months confirmed from now on, and creators' reduced withholding rates. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { formErrors, ValidationError } from '@/lib/errors';
import { emptyReducedRateForm, ratesFormOf, ratesSchema, reducedRateSchema, type RatesFormValues, type ReducedRate, type ReducedRateFormValues } from '../schema';
import { useRewardConfirmations } from '../store';
import type { RewardSettings } from '../types';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 16px;
  > * { min-width: 160px; }
`;

/** The message of `field` in a 422 answer. */
const fieldError = (error: unknown, field: string): string | null =>
  error instanceof ValidationError ? (formErrors(error.rules)[field]?.join(' ') ?? null) : null;

/** The tax and usage fee rates; a refusal shows through the store's error at the fields. */
function RatesForm({ settings }: { settings: RewardSettings }) {
  const { save, saveRates } = useRewardConfirmations();
  const form = useForm<RatesFormValues>({ resolver: zodResolver(ratesSchema), defaultValues: ratesFormOf(settings) });
  const [saved, setSaved] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    const { tax, fee } = ratesSchema.parse(values);
    setSaved(await saveRates(tax, fee));
  });
  return (
    <form onSubmit={(e) => void submit(e)}>
      <Row>
        <TextField label="消費税率（%）" inputMode="decimal" error={fieldError(save.error, 'consumption_tax_rate_percent')} {...form.register('tax')} />
        <TextField label="利用料（報酬小計に対する%）" inputMode="decimal" error={fieldError(save.error, 'usage_fee_percent')} {...form.register('fee')} />
        <Button type="submit" $variant="primary" disabled={save.loading}>
          税率・利用料を保存
        </Button>
      </Row>
      {saved && <Muted role="status">保存しました。これから確定する月に使われます。</Muted>}
    </form>
  );
}

/** Sets one creator's reduced withholding rate; the button waits for an id and a rate. */
function ReducedRateForm() {
  const { save, setReducedRate } = useRewardConfirmations();
  const form = useForm<ReducedRateFormValues, unknown, ReducedRate>({ resolver: zodResolver(reducedRateSchema), defaultValues: emptyReducedRateForm() });
  const values = useWatch({ control: form.control });
  const ready = reducedRateSchema.safeParse(values).success;
  const submit = form.handleSubmit(async ({ userId, rate }) => {
    if (await setReducedRate(userId, rate)) form.reset(emptyReducedRateForm());
  });
  return (
    <form onSubmit={(e) => void submit(e)}>
      <Row>
        <TextField label="クリエイターID" inputMode="numeric" {...form.register('userId')} />
        <TextField label="源泉徴収税率（%）" inputMode="decimal" error={fieldError(save.error, 'rate_percent')} {...form.register('rate')} />
        <Button type="submit" disabled={!ready || save.loading}>
          軽減税率を設定
        </Button>
      </Row>
    </form>
  );
}

export function RewardSettingsPanel() {
  const { settings, save, fetchSettings, setReducedRate } = useRewardConfirmations();
  useEffect(() => {
    void fetchSettings();
  }, [fetchSettings]);
  const data = settings.data;
  return (
    <Panel title="報酬の設定" testId="reward-settings">
      <ErrorAlert error={settings.error} />
      {data && (
        <>
          <Muted>税率と利用料は、これから確定する月と未確定の月の明細に使われます。確定済みの月の金額は変わりません。</Muted>
          <RatesForm key={`${data.consumptionTaxRatePercent}/${data.usageFeePercent}`} settings={data} />
          <h3>源泉徴収の軽減税率</h3>
          <Muted>租税条約の届出があった非居住者など、国税庁の計算式に代えて一律の税率で源泉徴収するクリエイターです。</Muted>
          {data.reducedWithholdingRates.length === 0 ? (
            <Muted>設定されたクリエイターはいません。</Muted>
          ) : (
            <DataTable data-testid="reduced-rates">
              <thead>
                <tr>
                  <th>ID</th>
                  <th>クリエイター</th>
                  <th className="number">税率</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {data.reducedWithholdingRates.map((r) => (
                  <tr key={r.userId}>
                    <td>{r.userId}</td>
                    <td>{r.userName}</td>
                    <td className="number">{r.ratePercent}%</td>
                    <td>
                      <Button type="button" $size="xsm" disabled={save.loading} onClick={() => void setReducedRate(r.userId, null)}>
                        解除
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
          <ReducedRateForm />
          {!(save.error instanceof ValidationError && Object.keys(save.error.rules).length > 0) && <ErrorAlert error={save.error} />}
        </>
      )}
    </Panel>
  );
}
