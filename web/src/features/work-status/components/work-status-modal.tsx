/** 「新しいお仕事を受けられますか？」: asked once over any page until the creator answers. */
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { Muted } from '@/components/page';
import { RadioCards } from '@/components/radio-cards';
import type { UserUpdated } from '@/lib/events';
import { theme } from '@/theme/theme';
import { workStatusApi } from '../api';
import { DEFAULT_WORK_STATUS, shouldAskWorkStatus, WORK_STATUS_CHOICES } from '../rules';
import type { WorkStatus, WorkStatusOwner } from '../types';

export const SAVE_FAILED = '保存に失敗しました。';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 8px;
`;

interface Props {
  user: WorkStatusOwner | null;
  /** The saved User record. */
  onSaved: (user: UserUpdated) => void;
  /** The error notice to show. */
  onFailed: (message: string) => void;
}

export function WorkStatusModal({ user, onSaved, onFailed }: Props) {
  const [selected, setSelected] = useState<Exclude<WorkStatus, 'notSet'> | ''>(DEFAULT_WORK_STATUS);
  const [submitting, setSubmitting] = useState(false);
  const [closed, setClosed] = useState(false);
  if (closed || !shouldAskWorkStatus(user)) return null;

  const save = async () => {
    if (!selected) return;
    setSubmitting(true);
    try {
      onSaved(await workStatusApi.update(selected));
    } catch {
      onFailed(SAVE_FAILED);
    } finally {
      setSubmitting(false);
      // Closes on success or failure alike; an unanswered status asks again on the next visit.
      setClosed(true);
    }
  };

  return (
    <Modal title="新しいお仕事を受けられますか？" onClose={() => setClosed(true)} testId="work-status-modal">
      <Muted>現在の受付状況を教えてください。お仕事を依頼する際の参考にします。受付状況はあとからヘッダーでいつでも変更できます。</Muted>
      <RadioCards
        legend="受付状況"
        options={WORK_STATUS_CHOICES.map((c) => ({ value: c.value, label: c.label, icon: c.icon, description: c.description }))}
        value={selected}
        onChange={(value) => setSelected(value as Exclude<WorkStatus, 'notSet'>)}
        disabled={submitting}
        minCardWidth={theme.size.workStatusCardMin}
      />
      <Actions>
        <Button type="button" $variant="primary" disabled={!selected || submitting} onClick={() => void save()}>
          保存する
        </Button>
      </Actions>
    </Modal>
  );
}
