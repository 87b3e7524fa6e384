/** Possible works: the work types the creator takes on, each with what they have done. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { TextArea } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import { creatorProfileApi } from '../api';
import { possibleWorkField } from '../rules';
import { ACHIEVEMENT_MAX, possibleWorksSchema, type PossibleWorksFormValues } from '../schemas';
import { useCreatorProfile } from '../store';
import type { PossibleWork } from '../types';
import { Group, GroupError, Nested, SaveButton, SAVE_FAILED } from './form-parts';

const valuesOf = (works: PossibleWork[]): PossibleWorksFormValues => ({
  checkedIds: works.map((w) => w.id),
  work: Object.fromEntries(works.map((w) => [w.id, w.achievement])),
});

export function PossibleWorksForm({ onSaved }: { onSaved: () => void }) {
  const { workTypes, possibleWorks, fetchWorkTypes, fetchPossibleWorks } = useCreatorProfile();
  const form = useForm<PossibleWorksFormValues>({ resolver: zodResolver(possibleWorksSchema), defaultValues: { checkedIds: [], work: {} } });
  const { control, register, handleSubmit, reset, setError, formState } = form;
  const save = useServerErrors(possibleWorkField, setError, SAVE_FAILED);
  const checked = useController({ control, name: 'checkedIds' });

  useEffect(() => {
    void fetchWorkTypes();
    void fetchPossibleWorks();
  }, [fetchWorkTypes, fetchPossibleWorks]);
  const saved = possibleWorks.data;
  useEffect(() => {
    if (saved) reset(valuesOf(saved));
  }, [saved, reset]);

  if (!saved || workTypes.data.length === 0) return <ErrorAlert error={workTypes.error ?? possibleWorks.error} />;

  const submit = handleSubmit(async (values) => {
    const answer = await save.run(() =>
      creatorProfileApi.savePossibleWorks({
        checkedIds: values.checkedIds,
        achievements: Object.fromEntries(values.checkedIds.map((id) => [id, values.work[id]?.trim() ?? ''])),
      }),
    );
    if (!answer) return;
    useCreatorProfile.setState((s) => ({ possibleWorks: { ...s.possibleWorks, data: answer } }));
    onSaved();
  });
  const errors = formState.errors;
  const ids: string[] = checked.field.value ?? [];
  return (
    <form onSubmit={submit} noValidate aria-label="対応可能な業務">
      {save.alert}
      <Group aria-invalid={errors.checkedIds ? true : undefined}>
        <legend>対応可能な業務</legend>
        {workTypes.data.map((type) => (
          <div key={type.id}>
            <Checkbox
              label={type.workName}
              checked={ids.includes(type.id)}
              onChange={(e) => checked.field.onChange(e.target.checked ? [...ids, type.id] : ids.filter((id) => id !== type.id))}
            />
            {ids.includes(type.id) && (
              <Nested>
                <TextArea
                  label={`${type.workName}の実績（任意）`}
                  rows={2}
                  hint={`${ACHIEVEMENT_MAX}文字以内`}
                  error={errors.work?.[type.id]?.message}
                  {...register(`work.${type.id}`)}
                />
              </Nested>
            )}
          </div>
        ))}
        <GroupError message={errors.checkedIds?.message ?? errors.checkedIds?.root?.message} />
      </Group>
      <SaveButton label="保存する" busy={formState.isSubmitting} />
    </form>
  );
}
