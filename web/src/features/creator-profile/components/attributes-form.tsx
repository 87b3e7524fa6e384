/** Attributes: availability, family, photo policy, children, incomes, languages with levels, Chatwork and social links. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useController, useFieldArray, useForm, type Control, type FieldPath } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { RadioCards, type RadioCardOption } from '@/components/radio-cards';
import { Select, type SelectOption } from '@/components/select';
import { TextField } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import { toHalfWidthDigits } from '@/lib/format';
import { theme } from '@/theme/theme';
import { creatorProfileApi } from '../api';
import { attributeField } from '../rules';
import { attributesSchema, CHILDREN_MAX, TIME_SLOT_MAX, type AttributesFormValues } from '../schemas';
import { useCreatorProfile } from '../store';
import type { AttributesInput, UserAttributes } from '../types';
import { Group, GroupError, SaveButton, SAVE_FAILED } from './form-parts';

export const MARRIED: RadioCardOption[] = [
  { value: 'unanswered', label: '回答しない' },
  { value: 'unmarried', label: '未婚' },
  { value: 'married', label: '既婚' },
];
export const DIVORCE: RadioCardOption[] = [
  { value: 'unanswered', label: '回答しない' },
  { value: 'none', label: 'なし' },
  { value: 'exists', label: 'あり' },
];
export const IMAGE_POLICY: RadioCardOption[] = [
  { value: 'unanswered', label: '回答しない' },
  { value: 'face_photo', label: '顔写真' },
  { value: 'profile_photo', label: 'プロフィール写真' },
  { value: 'illustration', label: 'イラスト' },
];
export const FAMILIES: RadioCardOption[] = [
  { value: 'unanswered', label: '回答しない' },
  { value: 'alone', label: '一人暮らし' },
  { value: 'with_family', label: '家族と同居' },
];
const SEX: SelectOption[] = [
  { value: 'male', label: '男の子' },
  { value: 'female', label: '女の子' },
  { value: 'other', label: 'その他' },
];
/** Spec section 9: the income bands, and 99999 for unknown. */
export const INCOMES: SelectOption[] = [
  { value: '', label: '回答しない' },
  { value: '1', label: '200万円未満' },
  { value: '2', label: '200〜400万円' },
  { value: '3', label: '400〜600万円' },
  { value: '4', label: '600〜800万円' },
  { value: '5', label: '800〜1,000万円' },
  { value: '6', label: '1,000〜1,200万円' },
  { value: '7', label: '1,200〜1,500万円' },
  { value: '8', label: '1,500〜2,000万円' },
  { value: '9', label: '2,000万円以上' },
  { value: '99999', label: 'わからない' },
];
export const LANGUAGES: { id: number; label: string }[] = [
  { id: 1, label: '英語' },
  { id: 2, label: '韓国語' },
  { id: 3, label: '中国語' },
  { id: 4, label: 'フランス語' },
  { id: 5, label: 'ドイツ語' },
  { id: 6, label: 'イタリア語' },
  { id: 99999, label: 'その他の言語' },
];
const LEVELS: SelectOption[] = [
  { value: '', label: '話せない' },
  { value: '1', label: 'レベル1（あいさつ程度）' },
  { value: '2', label: 'レベル2（日常会話）' },
  { value: '3', label: 'レベル3（ビジネス会話）' },
  { value: '4', label: 'レベル4（翻訳・通訳ができる）' },
  { value: '5', label: 'レベル5（ネイティブ並み）' },
];
export const SOCIALS: { id: number; label: string }[] = [
  { id: 1, label: 'X（Twitter）' },
  { id: 2, label: 'Facebook' },
  { id: 3, label: 'Instagram' },
  { id: 4, label: 'LINE' },
  { id: 5, label: 'ブログ・ホームページ' },
];

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr 1.4fr auto;
  gap: 8px;
  align-items: start;
  padding: 8px 0;
  border-bottom: 1px dashed ${theme.color.border};
  ${theme.media.phone} { grid-template-columns: 1fr 1fr; }
  > button { margin-top: 28px; }
`;
const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: 0 16px;
`;

export function valuesOf(a: UserAttributes | null): AttributesFormValues {
  return {
    availableTimeSlot: a?.availableTimeSlot ?? '',
    marriedType: a?.marriedType ?? 'unanswered',
    divorceHistoryType: a?.divorceHistoryType ?? 'unanswered',
    canOpenImageType: a?.canOpenImageType ?? 'unanswered',
    familiesType: a?.familiesType ?? 'unanswered',
    childrenTemp: (a?.children ?? []).map((c) => ({ year: String(c.year), month: String(c.month), sexType: c.sexType })),
    publishInformation: a?.publishInformation ?? false,
    annualIncomeId: a?.annualIncome ? String(a.annualIncome.id) : '',
    householdIncomeId: a?.householdIncome ? String(a.householdIncome.id) : '',
    chatworkId: a?.chatworkId ?? '',
    languageLevels: Object.fromEntries(LANGUAGES.map((l) => [String(l.id), String(a?.languages.find((x) => x.id === l.id)?.level ?? '')])),
    socials: Object.fromEntries(SOCIALS.map((s) => [String(s.id), a?.socials.find((x) => x.id === s.id)?.url ?? ''])),
  };
}

export function toInput(v: AttributesFormValues): AttributesInput {
  return {
    availableTimeSlot: v.availableTimeSlot.trim(),
    marriedType: v.marriedType as AttributesInput['marriedType'],
    divorceHistoryType: v.divorceHistoryType as AttributesInput['divorceHistoryType'],
    canOpenImageType: v.canOpenImageType as AttributesInput['canOpenImageType'],
    familiesType: v.familiesType as AttributesInput['familiesType'],
    children: v.childrenTemp.map((c) => ({
      year: toHalfWidthDigits(c.year.trim()),
      month: toHalfWidthDigits(c.month.trim()),
      sexType: c.sexType as AttributesInput['children'][number]['sexType'],
    })),
    publishInformation: v.publishInformation,
    annualIncomeId: v.annualIncomeId ? Number(v.annualIncomeId) : null,
    householdIncomeId: v.householdIncomeId ? Number(v.householdIncomeId) : null,
    chatworkId: v.chatworkId.trim(),
    languages: Object.entries(v.languageLevels)
      .filter(([, level]) => level !== '')
      .map(([id, level]) => ({ id: Number(id), level: Number(level) })),
    socials: Object.entries(v.socials)
      .filter(([, url]) => url.trim() !== '')
      .map(([id, url]) => ({ id: Number(id), url: url.trim() })),
  };
}

function Choice({ control, name, legend, options }: { control: Control<AttributesFormValues>; name: FieldPath<AttributesFormValues>; legend: string; options: RadioCardOption[] }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <>
      <RadioCards legend={legend} options={options} value={String(field.value)} onChange={field.onChange} minCardWidth={120} />
      <GroupError message={fieldState.error?.message} />
    </>
  );
}

function Picker({ control, name, label, options }: { control: Control<AttributesFormValues>; name: FieldPath<AttributesFormValues>; label: string; options: SelectOption[] }) {
  const { field, fieldState } = useController({ control, name });
  return <Select label={label} options={options} value={String(field.value ?? '')} onChange={field.onChange} error={fieldState.error?.message} />;
}

export function AttributesForm({ onSaved }: { onSaved: () => void }) {
  const { attributes, fetchAttributes } = useCreatorProfile();
  const form = useForm<AttributesFormValues>({ resolver: zodResolver(attributesSchema), defaultValues: valuesOf(null) });
  const { control, register, handleSubmit, reset, setError, formState } = form;
  const save = useServerErrors(attributeField, setError, SAVE_FAILED);
  const children = useFieldArray({ control, name: 'childrenTemp' });
  const publish = useController({ control, name: 'publishInformation' });

  useEffect(() => {
    void fetchAttributes();
  }, [fetchAttributes]);
  const loaded = attributes.data;
  useEffect(() => {
    if (loaded) reset(valuesOf(loaded.attributes));
  }, [loaded, reset]);

  if (!loaded) return <ErrorAlert error={attributes.error} />;

  const submit = handleSubmit(async (values) => {
    const input = toInput(values);
    const saved = await save.run(() => (loaded.attributes ? creatorProfileApi.updateAttributes(input) : creatorProfileApi.createAttributes(input)));
    if (!saved) return;
    useCreatorProfile.setState((s) => ({ attributes: { ...s.attributes, data: { attributes: saved } } }));
    onSaved();
  });
  const errors = formState.errors;
  return (
    <form onSubmit={submit} noValidate aria-label="属性情報">
      {save.alert}
      <TextField
        label="稼働できる時間帯（任意）"
        placeholder="例: 平日 10:00〜18:00"
        hint={`${TIME_SLOT_MAX}文字以内`}
        error={errors.availableTimeSlot?.message}
        {...register('availableTimeSlot')}
      />
      <Choice control={control} name="marriedType" legend="婚姻状況" options={MARRIED} />
      <Choice control={control} name="divorceHistoryType" legend="離婚歴" options={DIVORCE} />
      <Choice control={control} name="familiesType" legend="同居家族" options={FAMILIES} />
      <Choice control={control} name="canOpenImageType" legend="公開できる画像" options={IMAGE_POLICY} />

      <Group>
        <legend>お子さま</legend>
        {children.fields.map((child, index) => (
          <Row key={child.id} data-testid={`child-${index}`}>
            <TextField
              label={`${index + 1}人目の生まれ年`}
              inputMode="numeric"
              placeholder="2018"
              error={errors.childrenTemp?.[index]?.year?.message ?? errors.childrenTemp?.[index]?.birthday?.message}
              {...register(`childrenTemp.${index}.year`)}
            />
            <TextField label={`${index + 1}人目の生まれ月`} inputMode="numeric" placeholder="4" error={errors.childrenTemp?.[index]?.month?.message} {...register(`childrenTemp.${index}.month`)} />
            <Picker control={control} name={`childrenTemp.${index}.sexType`} label={`${index + 1}人目の性別`} options={SEX} />
            <Button type="button" $size="sm" $minWidth={0} onClick={() => children.remove(index)} aria-label={`${index + 1}人目を削除`}>
              削除
            </Button>
          </Row>
        ))}
        <GroupError message={errors.childrenTemp?.root?.message ?? errors.childrenTemp?.message} />
        {children.fields.length < CHILDREN_MAX && (
          <Button type="button" $size="sm" onClick={() => children.append({ year: '', month: '', sexType: '' })}>
            ＋ お子さまを追加
          </Button>
        )}
      </Group>

      <Columns>
        <Picker control={control} name="annualIncomeId" label="年収" options={INCOMES} />
        <Picker control={control} name="householdIncomeId" label="世帯年収" options={INCOMES} />
      </Columns>

      <Group>
        <legend>語学</legend>
        <Columns>
          {LANGUAGES.map((language) => (
            <Picker key={language.id} control={control} name={`languageLevels.${language.id}`} label={language.label} options={LEVELS} />
          ))}
        </Columns>
      </Group>

      <TextField label="ChatworkID（任意）" autoComplete="off" error={errors.chatworkId?.message} {...register('chatworkId')} />
      <Group>
        <legend>SNS・ブログ（任意）</legend>
        <Columns>
          {SOCIALS.map((social) => (
            <TextField
              key={social.id}
              label={social.label}
              type="url"
              placeholder="https://"
              error={errors.socials?.[social.id]?.message}
              {...register(`socials.${social.id}`)}
            />
          ))}
        </Columns>
      </Group>
      <Checkbox label="属性情報をクライアントに公開する" checked={publish.field.value} onChange={(e) => publish.field.onChange(e.target.checked)} />
      <SaveButton label="保存する" busy={formState.isSubmitting} />
    </form>
  );
}
