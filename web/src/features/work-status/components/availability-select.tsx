/** 「案件の受付状況」: a creator changes their availability from the header or the phone menu. */
import { useState } from 'react';
import styled from 'styled-components';
import { Select } from '@/components/select';
import type { UserUpdated } from '@/lib/events';
import { workStatusApi } from '../api';
import { availabilityChoices, showsAvailability, WORK_STATUS_CHOICES, workStatusLabel } from '../rules';
import type { WorkStatus, WorkStatusOwner } from '../types';
import { SAVE_FAILED } from './work-status-modal';

const Wrap = styled.div<{ $inline: boolean }>`
  min-width: 200px;
  ${(p) => (p.$inline ? '& > div { margin-bottom: 0; }' : '')}
`;

interface Props {
  user: WorkStatusOwner | null;
  onSaved: (user: UserUpdated) => void;
  onFailed: (message: string) => void;
  /** In the header: no label drawn, no space below. */
  inline?: boolean;
}

export function AvailabilitySelect({ user, onSaved, onFailed, inline = false }: Props) {
  const [saving, setSaving] = useState(false);
  if (!user || !showsAvailability(user)) return null;
  const choose = async (value: string) => {
    setSaving(true);
    try {
      onSaved(await workStatusApi.update(value as Exclude<WorkStatus, 'notSet'>));
    } catch {
      onFailed(SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Wrap $inline={inline} data-testid="availability-select">
      <Select
        label="案件の受付状況"
        hideLabel={inline}
        searchable
        disabled={saving}
        placeholder={currentText(user.workStatus)}
        options={availabilityChoices(user.workStatus).map((c) => ({ value: c.value, label: `${c.icon} ${c.label}` }))}
        value=""
        onChange={(value) => void choose(value)}
      />
    </Wrap>
  );
}

/** The current status as the closed dropdown shows it (it is not among the options). */
function currentText(status: string): string {
  const choice = WORK_STATUS_CHOICES.find((c) => c.value === status);
  return choice ? `${choice.icon} ${choice.label}` : workStatusLabel(status);
}
