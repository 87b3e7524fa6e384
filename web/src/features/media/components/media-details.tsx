/** /clients/media/{mediaId}/details: the medium's facts, its option payments and the customer information (inside `MediaFrame`). */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { DescriptionList } from '@/components/description-list';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextArea } from '@/components/text-field';
import { href } from '@/config/paths';
import { formatDate, formatNumber } from '@/lib/format';
import { useSubmit } from '@/lib/use-submit';
import { useCatchUp } from '@/lib/socket';
import { mediaApi } from '../api';
import { managerRoleLabel, PAYMENT_SCHEDULE_LABEL } from '../schema';
import { useMedia } from '../store';
import type { CustomerInformation } from '../types';

const yen = (amount: number) => `${formatNumber(amount)}円`;

export function MediaDetails({ mediaId }: { mediaId: number }) {
  const media = useMedia((s) => (s.detail.data?.id === mediaId ? s.detail.data : null));
  if (!media) return null;
  return (
    <>
      <Panel title="媒体の詳細" testId="media-details">
        <DescriptionList
          items={[
            { term: 'クライアント', detail: media.client.name },
            { term: '説明', detail: media.description || '未入力' },
            {
              term: 'URL',
              detail: media.url ? (
                <a href={media.url} target="_blank" rel="noreferrer">
                  {media.url}
                </a>
              ) : (
                '未入力'
              ),
            },
            { term: '支払いサイクル', detail: PAYMENT_SCHEDULE_LABEL[media.paymentSchedule] },
            {
              term: 'ジャンル',
              detail: media.genreGroup ? (
                <>
                  {media.genreGroup.name}
                  {media.genreGroup.genres.length > 0 && `：${media.genreGroup.genres.map((g) => g.name).join('、')}`}
                </>
              ) : (
                '未設定'
              ),
            },
            { term: '検索タグ', detail: media.searchTags.length ? media.searchTags.map((t) => <Badge key={t.id}>{t.name}</Badge>) : 'なし' },
            { term: '担当者', detail: media.managers.length ? media.managers.map((m) => `${m.userName}（${managerRoleLabel(m.role)}）`).join('、') : '未設定' },
            { term: 'チーム数', detail: formatNumber(media.teamCount) },
            { term: 'メンバー数', detail: formatNumber(media.memberCount) },
          ]}
        />
        {media.canEdit && (
          <p>
            <Link to={href('clientMediaEdit', { clientId: media.client.id, mediaId })}>この媒体を編集する</Link>
          </p>
        )}
      </Panel>
      <OptionPaymentList mediaId={mediaId} />
      <CustomerInformationPanel mediaId={mediaId} />
    </>
  );
}

function OptionPaymentList({ mediaId }: { mediaId: number }) {
  const { optionPayments, fetchOptionPayments } = useMedia();
  useEffect(() => {
    void fetchOptionPayments(mediaId);
  }, [fetchOptionPayments, mediaId]);
  useCatchUp(() => void fetchOptionPayments(mediaId));
  const data = optionPayments.data;
  return (
    <Panel
      title="オプション支払い"
      testId="option-payments"
      actions={
        data?.canAdd && (
          <Link to={href('mediaOptionPaymentAdd', { mediaId })}>
            <Button type="button" $variant="primary" $outlined tabIndex={-1}>
              オプション支払いを追加
            </Button>
          </Link>
        )
      }
    >
      <ErrorAlert error={optionPayments.error} />
      {!data && optionPayments.loading && <Muted>読み込み中…</Muted>}
      {data && data.optionPayments.length === 0 && (
        <Muted>{data.canAdd ? 'オプション支払いはまだありません。追加の制作費などは「オプション支払いを追加」から登録してください。' : 'オプション支払いはありません。'}</Muted>
      )}
      {data && data.optionPayments.length > 0 && (
        <DataTable>
          <thead>
            <tr>
              <th>対象月</th>
              <th>件名</th>
              <th className="number">金額</th>
              <th>備考</th>
              <th>登録</th>
            </tr>
          </thead>
          <tbody>
            {data.optionPayments.map((p) => (
              <tr key={p.id} data-testid="option-payment-row">
                <td>
                  {p.targetYear}年{p.targetMonth}月
                </td>
                <td>{p.title}</td>
                <td className="number">{yen(p.amount)}</td>
                <td>{p.note}</td>
                <td>
                  {formatDate(p.createdAt)} {p.createdByName}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={2}>合計</th>
              <th className="number">{yen(data.totalAmount)}</th>
              <th colSpan={2} />
            </tr>
          </tfoot>
        </DataTable>
      )}
    </Panel>
  );
}

function CustomerInformationPanel({ mediaId }: { mediaId: number }) {
  const [info, setInfo] = useState<CustomerInformation | null>(null);
  const [draft, setDraft] = useState('');
  const load = useSubmit(mediaApi.customerInformation, '顧客情報の取得に失敗しました');
  const save = useSubmit(mediaApi.saveCustomerInformation, '顧客情報の保存に失敗しました');
  const { run: runLoad } = load;
  useEffect(() => {
    void runLoad(mediaId).then((loaded) => {
      if (loaded) {
        setInfo(loaded);
        setDraft(loaded.customerInformation);
      }
    });
  }, [runLoad, mediaId]);
  const submit = async () => {
    const saved = await save.run(mediaId, draft);
    if (saved) setInfo(saved);
  };
  return (
    <Panel
      title="顧客情報"
      testId="customer-information"
      actions={
        info?.canEdit && (
          <Button type="button" $variant="primary" disabled={save.loading || draft === info.customerInformation} onClick={() => void submit()}>
            顧客情報を保存
          </Button>
        )
      }
    >
      <ErrorAlert error={load.error ?? save.error} />
      {!info && load.loading && <Muted>読み込み中…</Muted>}
      {info &&
        (info.canEdit ? (
          <TextArea label="顧客情報" hideLabel rows={5} value={draft} onChange={(e) => setDraft(e.target.value)} hint="担当者・入稿方法など、この媒体の顧客についてのメモ（クライアントも閲覧できます）" />
        ) : (
          <p style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{info.customerInformation || '登録されている顧客情報はありません。'}</p>
        ))}
      {save.data && !save.loading && !save.error && <p role="status">保存しました。</p>}
    </Panel>
  );
}
