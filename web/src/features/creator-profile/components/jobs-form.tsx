/** Job and qualification information: occupation, years of experience, qualifications and office software. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useController, useFieldArray, useForm } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { RadioCards } from '@/components/radio-cards';
import { TextField } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import { toHalfWidthDigits } from '@/lib/format';
import { creatorProfileApi } from '../api';
import { jobsField } from '../rules';
import { jobsSchema, QUALIFICATION_MAX, QUALIFICATIONS_MAX, type JobsFormValues } from '../schemas';
import { useCreatorProfile } from '../store';
import type { Jobs } from '../types';
import { Choices, Group, GroupError, SaveButton, SAVE_FAILED } from './form-parts';

export const OCCUPATIONS = [
  { value: 'company_employee', label: '会社員' },
  { value: 'self_employed', label: '自営業・フリーランス' },
  { value: 'student', label: '学生' },
  { value: 'homemaker', label: '主婦・主夫' },
  { value: 'other', label: 'その他' },
];
export const OFFICE_SOFTWARE = [
  { value: 'word', label: 'Word' },
  { value: 'excel', label: 'Excel' },
  { value: 'powerpoint', label: 'PowerPoint' },
];

const Qualification = styled.div`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  > div { flex: 1; }
  > button { margin-top: 28px; }
`;

const valuesOf = (jobs: Jobs | null): JobsFormValues => ({
  occupation: jobs?.occupation ?? '',
  yearsOfExperience: jobs?.yearsOfExperience == null ? '' : String(jobs.yearsOfExperience),
  qualifications: (jobs?.qualifications ?? []).map((value) => ({ value })),
  officeSoftware: jobs?.officeSoftware ?? [],
});

export function JobsForm({ onSaved }: { onSaved: () => void }) {
  const { jobs, fetchJobs } = useCreatorProfile();
  const form = useForm<JobsFormValues>({ resolver: zodResolver(jobsSchema), defaultValues: valuesOf(null) });
  const { control, register, handleSubmit, reset, setError, formState } = form;
  const save = useServerErrors(jobsField, setError, SAVE_FAILED);
  const occupation = useController({ control, name: 'occupation' });
  const office = useController({ control, name: 'officeSoftware' });
  const qualifications = useFieldArray({ control, name: 'qualifications' });

  useEffect(() => {
    void fetchJobs();
  }, [fetchJobs]);
  const loaded = jobs.data;
  useEffect(() => {
    if (loaded) reset(valuesOf(loaded.jobs));
  }, [loaded, reset]);

  if (!loaded) return <ErrorAlert error={jobs.error} />;

  const submit = handleSubmit(async (values) => {
    const saved = await save.run(() =>
      creatorProfileApi.saveJobs({
        occupation: values.occupation,
        yearsOfExperience: toHalfWidthDigits(values.yearsOfExperience.trim()),
        qualifications: values.qualifications.map((q) => q.value.trim()),
        officeSoftware: values.officeSoftware,
      }),
    );
    if (!saved) return;
    useCreatorProfile.setState((s) => ({ jobs: { ...s.jobs, data: saved } }));
    onSaved();
  });
  const errors = formState.errors;
  const software: string[] = office.field.value ?? [];
  return (
    <form onSubmit={submit} noValidate aria-label="職業・資格情報">
      {save.alert}
      <RadioCards legend="職業" options={OCCUPATIONS} value={occupation.field.value} onChange={occupation.field.onChange} />
      <GroupError message={errors.occupation?.message} />
      <TextField
        label="ライター・クリエイター歴（年）"
        inputMode="numeric"
        placeholder="3"
        hint="半角数字（全角で入力しても半角に変換されます）"
        error={errors.yearsOfExperience?.message}
        {...register('yearsOfExperience', { setValueAs: (v: string) => toHalfWidthDigits(v) })}
      />
      <Group>
        <legend>保有資格（任意）</legend>
        {qualifications.fields.map((field, index) => (
          <Qualification key={field.id}>
            <TextField label={`資格${index + 1}`} hint={`${QUALIFICATION_MAX}文字以内`} error={errors.qualifications?.[index]?.value?.message} {...register(`qualifications.${index}.value`)} />
            <Button type="button" $size="sm" $minWidth={0} onClick={() => qualifications.remove(index)} aria-label={`資格${index + 1}を削除`}>
              削除
            </Button>
          </Qualification>
        ))}
        <GroupError message={errors.qualifications?.root?.message ?? errors.qualifications?.message} />
        {qualifications.fields.length < QUALIFICATIONS_MAX && (
          <Button type="button" $size="sm" onClick={() => qualifications.append({ value: '' })}>
            ＋ 資格を追加
          </Button>
        )}
      </Group>
      <Group>
        <legend>使えるオフィスソフト（任意）</legend>
        <Choices>
          {OFFICE_SOFTWARE.map((item) => (
            <Checkbox
              key={item.value}
              label={item.label}
              checked={software.includes(item.value)}
              onChange={(e) => office.field.onChange(e.target.checked ? [...software, item.value] : software.filter((s) => s !== item.value))}
            />
          ))}
        </Choices>
        <GroupError message={errors.officeSoftware?.message} />
      </Group>
      <SaveButton label="保存する" busy={formState.isSubmitting} />
    </form>
  );
}
