/** /admins/media/payments/update: the staff pick a company, a medium and a month, see what it bills, and record the bill. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { FormGrid } from '@/components/form-grid';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { Select } from '@/components/select';
import { STATUS_LABELS, usageLinks } from '../labels';
import { useClientPayments } from '../store';
import type { MediaPayment } from '../types';
import { MediaPaymentForm } from './media-payment-form';
import { StatusBadge } from './status-badge';
import { UsageFigures } from './usage-figures';

export interface PaymentTarget {
  clientId: number | null;
  mediaId: number | null;
  year: number;
  month: number;
}

const MONTH_OPTIONS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}月` }));

export function AdminMediaPaymentsPage({ initial }: { initial: PaymentTarget }) {
  const { clients, media, mediaOf, mediaMonth, searchClients, fetchMedia, fetchMediaMonth } = useClientPayments();
  const [clientId, setClientId] = useState(initial.clientId);
  const [clientName, setClientName] = useState<string | null>(null);
  const [mediaId, setMediaId] = useState(initial.mediaId);
  const [year, setYear] = useState(initial.year);
  const [month, setMonth] = useState(initial.month);
  const [saved, setSaved] = useState<string | null>(null);
  // The five years before the one first shown, and the next.
  const yearOptions = Array.from({ length: 7 }, (_, i) => initial.year + 1 - i).map((y) => ({ value: String(y), label: `${y}年` }));

  useEffect(() => {
    void searchClients('');
  }, [searchClients]);
  useEffect(() => {
    if (clientId) void fetchMedia(clientId);
  }, [fetchMedia, clientId]);
  useEffect(() => {
    if (clientId && mediaId) void fetchMediaMonth(clientId, mediaId, year, month);
  }, [fetchMediaMonth, clientId, mediaId, year, month]);

  const loaded = mediaMonth.data;
  const current =
    loaded && loaded.client.id === clientId && loaded.media.id === mediaId && loaded.year === year && loaded.month === month ? loaded : null;
  const chosenName = clientName ?? (loaded?.client.id === clientId ? loaded.client.name : null);
  const clientOptions = [
    ...(clientId && chosenName && !clients.data.some((c) => c.id === clientId) ? [{ value: String(clientId), label: chosenName }] : []),
    ...clients.data.map((c) => ({ value: String(c.id), label: c.companyName })),
  ];
  const mediaOptions = mediaOf === clientId && !media.loading ? media.data.map((m) => ({ value: String(m.id), label: m.name })) : [];

  const onSaved = (payment: MediaPayment) => {
    setSaved(`「${payment.mediaName}」${payment.year}年${payment.month}月の支払い状況を「${STATUS_LABELS[payment.status]}」に更新しました`);
    if (clientId) void fetchMediaMonth(clientId, payment.mediaId, payment.year, payment.month);
  };

  return (
    <>
      <PageTitle>媒体支払い更新</PageTitle>
      <Panel title="対象を選ぶ">
        <FormGrid>
          <Select
            label="クライアント"
            searchable
            onSearch={(words) => void searchClients(words)}
            options={clientOptions}
            value={clientId ? String(clientId) : ''}
            onChange={(value) => {
              const id = Number(value);
              setClientId(id);
              setClientName(clientOptions.find((o) => o.value === value)?.label ?? null);
              setMediaId(null);
              setSaved(null);
            }}
          />
          <Select
            label="媒体"
            options={mediaOptions}
            value={mediaId ? String(mediaId) : ''}
            onChange={(value) => {
              setMediaId(Number(value));
              setSaved(null);
            }}
            disabled={!clientId}
            placeholder={clientId ? '選択してください' : '先にクライアントを選んでください'}
          />
          <Select
            label="対象年"
            options={yearOptions}
            value={String(year)}
            onChange={(value) => {
              setYear(Number(value));
              setSaved(null);
            }}
          />
          <Select
            label="対象月"
            options={MONTH_OPTIONS}
            value={String(month)}
            onChange={(value) => {
              setMonth(Number(value));
              setSaved(null);
            }}
          />
        </FormGrid>
        <ErrorAlert error={clients.error ?? media.error} />
      </Panel>
      {clientId && mediaId && (
        <Panel title={current ? `${current.media.name} ${year}年${month}月` : `${year}年${month}月`} testId="media-payment-target">
          {saved && <p role="status">{saved}</p>}
          {!current ? (
            mediaMonth.loading ? <Muted>読み込み中…</Muted> : <ErrorAlert error={mediaMonth.error} />
          ) : (
            <>
              <p>
                現在の状況: <StatusBadge status={current.payment.status} />{' '}
                <Link to={usageLinks(current.client.id, true).media(current.media.id, year, month)}>ご利用明細を見る</Link>
              </p>
              <UsageFigures amounts={current} ratePercent={current.consumptionTaxRatePercent} />
              <Muted>
                タスク {current.tasks.length}件、オプション {current.optionPayments.length}件
              </Muted>
              {!current.canUpdate && <Muted data-testid="payment-read-only">支払い状況の更新は経理担当者と管理者が行います。</Muted>}
              <MediaPaymentForm
                key={`${current.media.id}-${current.year}-${current.month}-${current.payment.updatedAt ?? 'new'}`}
                mediaId={current.media.id}
                year={current.year}
                month={current.month}
                payment={current.payment}
                computedTotal={current.totalAmount}
                disabled={!current.canUpdate}
                onSaved={onSaved}
              />
            </>
          )}
        </Panel>
      )}
    </>
  );
}
