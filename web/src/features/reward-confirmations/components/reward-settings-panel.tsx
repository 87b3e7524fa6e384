/** The money settings on the confirmation page: the rates of months confirmed from now on, and creators' reduced withholding rates. */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { formErrors, ValidationError } from '@/lib/errors';
import { toHalfWidthDigits } from '@/lib/format';
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

function RatesForm({ settings }: { settings: RewardSettings }) {
  const { save, saveRates } = useRewardConfirmations();
  const [tax, setTax] = useState(settings.consumptionTaxRatePercent);
  const [fee, setFee] = useState(settings.usageFeePercent);
  const [saved, setSaved] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        void saveRates(toHalfWidthDigits(tax), toHalfWidthDigits(fee)).then(setSaved);
      }}
    >
      <Row>
        <TextField label="消費税率（%）" inputMode="decimal" value={tax} onChange={(e) => setTax(e.target.value)} error={fieldError(save.error, 'consumption_tax_rate_percent')} />
        <TextField label="利用料（報酬小計に対する%）" inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} error={fieldError(save.error, 'usage_fee_percent')} />
        <Button type="submit" $variant="primary" disabled={save.loading}>
          税率・利用料を保存
        </Button>
      </Row>
      {saved && <Muted role="status">保存しました。これから確定する月に使われます。</Muted>}
    </form>
  );
}

function ReducedRateForm() {
  const { save, setReducedRate } = useRewardConfirmations();
  const [userId, setUserId] = useState('');
  const [rate, setRate] = useState('');
  const id = Number(toHalfWidthDigits(userId));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void setReducedRate(id, toHalfWidthDigits(rate)).then((ok) => {
          if (ok) {
            setUserId('');
            setRate('');
          }
        });
      }}
    >
      <Row>
        <TextField label="クリエイターID" inputMode="numeric" value={userId} onChange={(e) => setUserId(e.target.value)} />
        <TextField label="源泉徴収税率（%）" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} error={fieldError(save.error, 'rate_percent')} />
        <Button type="submit" disabled={!Number.isInteger(id) || id <= 0 || rate.trim() === '' || save.loading}>
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
