import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { TextArea, TextField } from '@/components/text-field';
import { describeWithLabels } from '@/lib/errors';
import { mediaTeamsApi } from '../api';
import { TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX, teamFormOf, teamSchema, type TeamFormValues } from '../schema';
import { useMediaTeams } from '../store';
import type { Team } from '../types';

const describe = describeWithLabels({ name: 'チーム名', description: '説明' });

/** Adds a team to the medium (`teamId` absent) or edits one; `onSaved` receives the saved team. */
export function MediaTeamForm({ mediaId, teamId, onSaved }: { mediaId: number; teamId?: number; onSaved: (team: Team) => void }) {
  const { team, write, fetchTeam } = useMediaTeams();
  useEffect(() => {
    if (teamId) void fetchTeam(mediaId, teamId);
  }, [fetchTeam, mediaId, teamId]);
  const loaded = teamId && team.data?.id === teamId ? team.data : null;
  return (
    <>
      <PageTitle>{teamId ? 'チーム編集' : 'チーム追加'}</PageTitle>
      <ErrorAlert error={write.error ?? team.error} describe={describe} />
      <Panel title={teamId ? 'チームを編集' : '新しいチーム'}>
        {(!teamId || loaded) && <TeamFields key={loaded?.id ?? 'new'} mediaId={mediaId} team={loaded} onSaved={onSaved} />}
      </Panel>
    </>
  );
}

function TeamFields({ mediaId, team, onSaved }: { mediaId: number; team: Team | null; onSaved: (team: Team) => void }) {
  const { write, run } = useMediaTeams();
  const form = useForm<TeamFormValues>({ resolver: zodResolver(teamSchema), defaultValues: teamFormOf(team) });
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  // A failed save shows through the store's error above the panel.
  const submit = form.handleSubmit(async (values) => {
    const input = teamSchema.parse(values);
    const saved = await run(
      () => (team ? mediaTeamsApi.updateTeam(mediaId, team.id, input) : mediaTeamsApi.createTeam(mediaId, input)),
      team ? 'チームの更新に失敗しました' : 'チームの登録に失敗しました',
    );
    if (saved) onSaved(saved);
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="チーム">
      <TextField label="チーム名" required maxLength={TEAM_NAME_MAX} error={errors.name?.message} {...form.register('name')} />
      <TextArea label="説明" rows={4} maxLength={TEAM_DESCRIPTION_MAX} error={errors.description?.message} {...form.register('description')} />
      <Button type="submit" $variant="primary" disabled={write.loading || !name.trim()}>
        {team ? '更新する' : '登録する'}
      </Button>
    </form>
  );
}
