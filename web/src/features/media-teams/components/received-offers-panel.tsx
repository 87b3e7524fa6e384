import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Inline, List, ListRow } from '@/components/list';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { formatDate } from '@/lib/format';
import { useCatchUp } from '@/lib/socket';
import { mediaTeamsApi } from '../api';
import { useMediaTeams } from '../store';
import type { OfferAnswer, ReceivedOffer } from '../types';
import { StatusBadge } from './status-badge';

const ANSWERS: { answer: OfferAnswer; to: string; label: string; variant: 'primary' | 'second' | 'warning' }[] = [
  { answer: 'accept', to: 'assignable', label: '承諾する', variant: 'primary' },
  { answer: 'negotiate', to: 'negotiating', label: '相談する', variant: 'second' },
  { answer: 'decline', to: 'declined', label: '辞退する', variant: 'warning' },
];

function OfferRow({ offer, onAccepted }: { offer: ReceivedOffer; onAccepted?: () => void }) {
  const { run, applyMember, write } = useMediaTeams();
  const [comment, setComment] = useState('');
  const answer = async (value: OfferAnswer) => {
    const row = await run(() => mediaTeamsApi.answer(offer.teamId, value, comment), 'オファーへの回答に失敗しました');
    if (row) applyMember(row);
    if (row?.status === 'assignable') onAccepted?.();
  };
  return (
    <ListRow $wrap data-testid="received-offer">
      <div>
        <strong>{offer.teamName}</strong> <StatusBadge status={offer.status} />
        <br />
        <small>
          {offer.clientName} ・ {offer.mediaName} ・ {formatDate(offer.offeredAt)}
        </small>
        <p style={{ whiteSpace: 'pre-wrap', margin: '6px 0' }}>{offer.templateBody}</p>
        {offer.message && <p style={{ whiteSpace: 'pre-wrap', margin: '6px 0' }} data-testid="offer-message">{offer.message}</p>}
        {offer.publicMemo && <small>メモ: {offer.publicMemo}</small>}
      </div>
      <div>
        <TextField label="コメント" hideLabel placeholder="コメント（任意）" value={comment} maxLength={2000} onChange={(e) => setComment(e.target.value)} />
        <Inline>
          {ANSWERS.filter((a) => offer.allowedTransitions.includes(a.to as ReceivedOffer['status'])).map((a) => (
            <Button key={a.answer} type="button" $size="sm" $minWidth={0} $variant={a.variant} disabled={write.loading} onClick={() => answer(a.answer)} aria-label={`${offer.teamName}のオファーを${a.label}`}>
              {a.label}
            </Button>
          ))}
        </Inline>
      </div>
    </ListRow>
  );
}

/** 「届いているオファー」: the offers waiting for the creator's answer, live as clients offer or withdraw; `onAccepted` runs when the creator joins a team. */
export function ReceivedOffersPanel({ onAccepted }: { onAccepted?: () => void }) {
  const { received, write, fetchReceived } = useMediaTeams();
  useEffect(() => {
    void fetchReceived();
  }, [fetchReceived]);
  useCatchUp(() => void fetchReceived());
  if (received.data.length === 0 && !received.error) return null;
  return (
    <Panel title="届いているオファー" testId="received-offers">
      <ErrorAlert error={received.error ?? write.error} />
      {received.data.length === 0 && <Muted>届いているオファーはありません。</Muted>}
      <List>
        {received.data.map((offer) => (
          <OfferRow key={offer.id} offer={offer} onAccepted={onAccepted} />
        ))}
      </List>
    </Panel>
  );
}
