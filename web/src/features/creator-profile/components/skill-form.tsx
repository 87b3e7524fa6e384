/** Skills: per genre group, the genres (and child genres) the creator works in, and a note. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { TextArea } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import { creatorProfileApi } from '../api';
import { skillField } from '../rules';
import { DETAIL_MAX, skillSchema, type SkillFormValues } from '../schemas';
import { useCreatorProfile } from '../store';
import type { ChildGenres, GenreGroup, Skills } from '../types';
import { Choices, Group, GroupError, Nested, SaveButton, SAVE_FAILED } from './form-parts';

function valuesOf(groups: GenreGroup[], skills: Skills): SkillFormValues {
  const saved = new Map(skills.genreGroups.map((g) => [g.id, g]));
  return {
    group: Object.fromEntries(groups.map((g) => [String(g.id), saved.get(g.id)?.genreIds ?? []])),
    genreDetail: Object.fromEntries(groups.map((g) => [String(g.id), saved.get(g.id)?.detail ?? ''])),
  };
}

export const toSkills = (values: SkillFormValues): Skills => ({
  genreGroups: Object.keys(values.group).map((id) => ({ id: Number(id), genreIds: values.group[id], detail: values.genreDetail[id]?.trim() ?? '' })),
});

function GenreChoices({ control, group, children, error }: { control: Control<SkillFormValues>; group: GenreGroup; children: ChildGenres | undefined; error?: string }) {
  const { field } = useController({ control, name: `group.${group.id}` });
  const chosen: number[] = field.value ?? [];
  const toggle = (id: number, on: boolean, childIds: number[] = []) =>
    field.onChange(on ? [...chosen, id] : chosen.filter((g) => g !== id && !childIds.includes(g)));
  const errorId = `skill-group-${group.id}-error`;
  return (
    <Group aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined} data-testid={`genre-group-${group.id}`}>
      <legend>{group.name}</legend>
      <Choices>
        {group.genres.map((genre) => (
          <Checkbox
            key={genre.id}
            label={genre.name}
            checked={chosen.includes(genre.id)}
            onChange={(e) => toggle(genre.id, e.target.checked, (children?.[genre.id] ?? []).map((c) => c.id))}
          />
        ))}
      </Choices>
      {group.genres
        .filter((genre) => chosen.includes(genre.id) && (children?.[genre.id]?.length ?? 0) > 0)
        .map((genre) => (
          <Nested key={genre.id} role="group" aria-label={`${genre.name}の小ジャンル`}>
            <Choices>
              {children![genre.id].map((child) => (
                <Checkbox key={child.id} label={child.name} checked={chosen.includes(child.id)} onChange={(e) => toggle(child.id, e.target.checked)} />
              ))}
            </Choices>
          </Nested>
        ))}
      <GroupError id={errorId} message={error} />
    </Group>
  );
}

interface Props {
  submitLabel: string;
  onSaved: () => void;
}

export function SkillForm({ submitLabel, onSaved }: Props) {
  const { genres, skills, childGenres, fetchGenres, fetchSkills, fetchChildGenres } = useCreatorProfile();
  const form = useForm<SkillFormValues>({ resolver: zodResolver(skillSchema), defaultValues: { group: {}, genreDetail: {} } });
  const { control, register, handleSubmit, reset, setError, formState } = form;
  const save = useServerErrors(skillField, setError, SAVE_FAILED);

  useEffect(() => {
    void fetchGenres();
    void fetchSkills();
  }, [fetchGenres, fetchSkills]);
  const groups = genres.data;
  useEffect(() => {
    groups.forEach((g) => void fetchChildGenres(g.id));
  }, [groups, fetchChildGenres]);
  const ready = groups.length > 0 && skills.data !== null;
  useEffect(() => {
    if (ready) reset(valuesOf(groups, skills.data!));
  }, [ready, groups, skills.data, reset]);

  if (!ready) return <ErrorAlert error={genres.error ?? skills.error} />;

  const submit = handleSubmit(async (values) => {
    const saved = await save.run(() => creatorProfileApi.saveSkills(toSkills(values)));
    if (!saved) return;
    useCreatorProfile.setState((s) => ({ skills: { ...s.skills, data: saved } }));
    onSaved();
  });
  const errors = formState.errors;
  return (
    <form onSubmit={submit} noValidate aria-label="スキル">
      {save.alert}
      <GroupError message={errors.genreGroups?.message} />
      {groups.map((group) => (
        <div key={group.id}>
          <GenreChoices control={control} group={group} children={childGenres[group.id]} error={errors.group?.[group.id]?.message} />
          <TextArea
            label={`${group.name}の詳細（任意）`}
            rows={3}
            placeholder="得意な分野や実績など"
            hint={`${DETAIL_MAX}文字以内`}
            error={errors.genreDetail?.[group.id]?.message}
            {...register(`genreDetail.${group.id}`)}
          />
        </div>
      ))}
      <SaveButton label={submitLabel} busy={formState.isSubmitting} />
    </form>
  );
}
