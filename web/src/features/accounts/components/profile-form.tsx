/**
 * The one profile form (spec section 3, Profile): sign-up fills it in with a password and the
 * terms, /user/edit/profiles edits it; members who are not creators keep only names, readings,
 * phone and display name ('basic').
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { FormGrid } from '@/components/form-grid';
import { ErrorText, Muted } from '@/components/page';
import { RadioCards } from '@/components/radio-cards';
import { Select, type SelectOption } from '@/components/select';
import { TextField } from '@/components/text-field';
import { href } from '@/config/paths';
import { toHalfWidthDigits } from '@/lib/format';
import { theme } from '@/theme/theme';
import { accountsApi } from '../api';
import {
  emptyProfile,
  PROFILE_FIELDS,
  profileInputOf,
  profileSchema,
  signupSchema,
  splitPostalCode,
  basicProfileSchema,
  type SignupValues,
} from '../schema';
import { useAccounts } from '../store';
import { OVERSEAS_PREFECTURE_ID, OVERSEAS_POSTAL_CODE, type ProfileInput } from '../types';
import { Actions, PasswordFields, useFormFailure } from './form-kit';

export type ProfileFormMode = 'signup' | 'edit' | 'basic';

/** What a sign-up adds to the profile. */
export interface SignupExtras {
  password: string;
  passwordConfirmation: string;
  accept: boolean;
}

interface Props {
  mode: ProfileFormMode;
  /** The address the account has (or the sign-up link was sent to), shown read-only. */
  mailAddress: string;
  /** The saved profile's values (edit), empty for a sign-up. */
  defaultValues?: Partial<SignupValues>;
  submitLabel: string;
  /** Saves; a thrown failure is shown on the form. */
  onSubmit: (input: ProfileInput, extras: SignupExtras) => Promise<unknown>;
  /** The profile image's field (edit only), after the display name. */
  image?: ReactNode;
  /** Saving waits (an image still on its way). */
  submitDisabled?: boolean;
}

const Section = styled.fieldset`
  border: none;
  border-top: 1px solid ${theme.color.border};
  margin: 8px 0 0;
  padding: 16px 0 0;
  min-width: 0;
  legend { font-weight: ${theme.font.bold}; font-size: ${theme.font.lg}; padding: 0 8px 0 0; }
`;
const Postal = styled.div`
  display: grid;
  grid-template-columns: 120px auto 140px 1fr;
  align-items: start;
  gap: 0 8px;
  > span { padding-top: 36px; }
`;
const Static = styled.div`
  margin: 0 0 16px;
  strong { display: block; margin-bottom: 6px; }
`;

const ACCOUNT_TYPES = [
  { value: 'personal', label: '個人' },
  { value: 'corporate', label: '法人' },
];
const SEXES = [
  { value: 'male', label: '男性' },
  { value: 'female', label: '女性' },
  { value: 'other', label: 'その他' },
];
const REGIONS = [
  { value: 'japan', label: '日本' },
  { value: 'overseas', label: '海外' },
];

const range = (from: number, to: number): SelectOption[] =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => {
    const n = from <= to ? from + i : from - i;
    return { value: String(n), label: String(n) };
  });

const schemaOf = (mode: ProfileFormMode) => (mode === 'signup' ? signupSchema : mode === 'edit' ? profileSchema : basicProfileSchema);

export function ProfileForm({ mode, mailAddress, defaultValues, submitLabel, onSubmit, image, submitDisabled = false }: Props) {
  const prefectures = useAccounts((s) => s.prefectures);
  const fetchPrefectures = useAccounts((s) => s.fetchPrefectures);
  const basic = mode === 'basic';
  useEffect(() => {
    if (!basic) void fetchPrefectures();
  }, [basic, fetchPrefectures]);

  const form = useForm<SignupValues>({
    // One form holds every field; the mode's schema checks the ones it shows.
    resolver: zodResolver(schemaOf(mode)) as unknown as Resolver<SignupValues>,
    defaultValues: { ...emptyProfile, password: '', passwordConfirmation: '', accept: false, ...defaultValues },
  });
  const { register, control, handleSubmit, setValue, getValues, formState } = form;
  const { errors, isSubmitting } = formState;
  const { run, alert } = useFormFailure(form.setError, PROFILE_FIELDS);

  const [accountType, region, postalFirst, postalLast] = useWatch({ control, name: ['accountType', 'region', 'postalCodeFirst', 'postalCodeLast'] });
  const overseas = region === 'overseas';

  // Seven digits fill the prefecture and the city from the postal code list (a saved code is
  // not looked up again: the saved address stays as the member wrote it).
  const lookedUp = useRef<string | null>(`${defaultValues?.postalCodeFirst ?? ''}${defaultValues?.postalCodeLast ?? ''}` || null);
  useEffect(() => {
    const code = toHalfWidthDigits(`${postalFirst ?? ''}${postalLast ?? ''}`);
    if (basic || overseas || !/^\d{7}$/.test(code) || lookedUp.current === code) return;
    lookedUp.current = code;
    accountsApi.postalCode(code).then(
      ({ addresses }) => {
        const [address] = addresses;
        if (!address || lookedUp.current !== code) return;
        setValue('prefectureId', String(address.prefectureId), { shouldValidate: formState.isSubmitted });
        setValue('cityAddress', `${address.city}${addresses.length === 1 ? address.town : ''}`, { shouldValidate: formState.isSubmitted });
      },
      () => undefined,
    );
  }, [basic, overseas, postalFirst, postalLast, setValue, formState.isSubmitted]);

  const prefectureOptions = useMemo(
    () => prefectures.data.filter((p) => p.id !== OVERSEAS_PREFECTURE_ID).map((p) => ({ value: String(p.id), label: p.name })),
    [prefectures.data],
  );
  const thisYear = new Date().getFullYear();

  const submit = handleSubmit(async (values) => {
    const input: ProfileInput = basic
      ? ({
          lastName: values.lastName,
          firstName: values.firstName,
          lastNameKana: values.lastNameKana,
          firstNameKana: values.firstNameKana,
          phoneNumber: values.phoneNumber,
          userName: values.userName,
        } as ProfileInput)
      : profileInputOf(values as Parameters<typeof profileInputOf>[0]);
    await run(() => onSubmit(input, { password: values.password, passwordConfirmation: values.passwordConfirmation, accept: values.accept }));
  });

  const message = (field: keyof SignupValues) => errors[field]?.message ?? null;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="プロフィール">
      {alert}
      <Static>
        <strong>メールアドレス</strong>
        <span data-testid="profile-mail-address">{mailAddress}</span>
        {mode !== 'signup' && (
          <>
            {' '}
            <Link to={href('userEditAuth')}>変更する</Link>
          </>
        )}
      </Static>

      {!basic && (
        <Controller
          control={control}
          name="accountType"
          render={({ field }) => <RadioCards legend="アカウント種別" options={ACCOUNT_TYPES} value={field.value} onChange={field.onChange} minCardWidth={120} />}
        />
      )}
      {!basic && accountType === 'corporate' && (
        <FormGrid>
          <TextField label="会社名" required error={message('companyName')} {...register('companyName')} />
          <TextField label="代表者名" required error={message('representativeName')} {...register('representativeName')} />
        </FormGrid>
      )}

      <FormGrid>
        <TextField label="姓" required autoComplete="family-name" error={message('lastName')} {...register('lastName')} />
        <TextField label="名" required autoComplete="given-name" error={message('firstName')} {...register('firstName')} />
      </FormGrid>
      <FormGrid>
        <TextField label="セイ" required hint="全角カタカナ" error={message('lastNameKana')} {...register('lastNameKana')} />
        <TextField label="メイ" required hint="全角カタカナ" error={message('firstNameKana')} {...register('firstNameKana')} />
      </FormGrid>
      <TextField label="表示名" required hint="サービス内で表示される名前です" autoComplete="nickname" error={message('userName')} {...register('userName')} />
      {!basic && image}
      <TextField
        label="電話番号"
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="ハイフンなし10〜11桁（全角で入力しても半角に変換されます）"
        error={message('phoneNumber')}
        {...register('phoneNumber', { onBlur: () => setValue('phoneNumber', toHalfWidthDigits(getValues('phoneNumber'))) })}
      />

      {!basic && (
        <>
          <Controller
            control={control}
            name="sex"
            render={({ field }) => <RadioCards legend="性別" options={SEXES} value={field.value ?? ''} onChange={field.onChange} minCardWidth={100} />}
          />
          {message('sex') && <ErrorText role="alert">{message('sex')}</ErrorText>}

          <Section>
            <legend>生年月日</legend>
            <FormGrid>
              <Controller
                control={control}
                name="birthYear"
                render={({ field }) => <Select label="生まれた年" required options={range(thisYear - 15, 1900)} value={field.value} onChange={field.onChange} placeholder="年" />}
              />
              <Controller
                control={control}
                name="birthMonth"
                render={({ field }) => <Select label="生まれた月" required options={range(1, 12)} value={field.value} onChange={field.onChange} placeholder="月" />}
              />
              <Controller
                control={control}
                name="birthDay"
                render={({ field }) => <Select label="生まれた日" required options={range(1, 31)} value={field.value} onChange={field.onChange} placeholder="日" />}
              />
            </FormGrid>
            {message('birthYear') && <ErrorText role="alert">{message('birthYear')}</ErrorText>}
          </Section>

          <Section>
            <legend>住所</legend>
            <Controller
              control={control}
              name="region"
              render={({ field }) => (
                <RadioCards
                  legend="お住まいの国"
                  options={REGIONS}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    lookedUp.current = null;
                    if (value === 'overseas') setValue('prefectureId', String(OVERSEAS_PREFECTURE_ID));
                    else if (getValues('prefectureId') === String(OVERSEAS_PREFECTURE_ID)) setValue('prefectureId', '');
                  }}
                  minCardWidth={120}
                />
              )}
            />
            {overseas ? (
              <>
                <Static>
                  <strong>郵便番号</strong>
                  <span data-testid="overseas-postal-code">
                    {OVERSEAS_POSTAL_CODE.slice(0, 3)}-{OVERSEAS_POSTAL_CODE.slice(3)}
                  </span>
                  <Muted>海外にお住まいの方は郵便番号 {OVERSEAS_POSTAL_CODE} で登録されます。</Muted>
                </Static>
                <TextField label="住所（市区町村・番地）" error={message('cityAddress')} {...register('cityAddress')} />
                <TextField label="住所（続き）" error={message('streetAddress')} {...register('streetAddress')} />
              </>
            ) : (
              <>
                <Postal>
                  <TextField
                    label="郵便番号（前半3桁）"
                    required
                    inputMode="numeric"
                    autoComplete="postal-code"
                    placeholder="100"
                    error={message('postalCodeFirst')}
                    {...register('postalCodeFirst', {
                      onChange: (e: { target: { value: string } }) => {
                        // A whole code typed or pasted into the first box is split after its 3rd digit.
                        const split = splitPostalCode(e.target.value);
                        if (split) {
                          setValue('postalCodeFirst', split.first);
                          setValue('postalCodeLast', split.last);
                        }
                      },
                    })}
                  />
                  <span aria-hidden>-</span>
                  <TextField label="郵便番号（後半4桁）" required inputMode="numeric" placeholder="0005" error={message('postalCodeLast')} {...register('postalCodeLast')} />
                  <span />
                </Postal>
                <Muted>郵便番号を入力すると都道府県と市区町村が自動で入力されます。</Muted>
                <Controller
                  control={control}
                  name="prefectureId"
                  render={({ field }) => (
                    <Select label="都道府県" required options={prefectureOptions} value={field.value} onChange={field.onChange} error={message('prefectureId')} />
                  )}
                />
                <TextField label="市区町村・町名" required error={message('cityAddress')} {...register('cityAddress')} />
                <TextField label="番地" required error={message('streetAddress')} {...register('streetAddress')} />
              </>
            )}
            <TextField label="建物名・部屋番号" error={message('buildingName')} {...register('buildingName')} />
          </Section>
        </>
      )}

      {mode === 'signup' && (
        <Section>
          <legend>ログイン情報</legend>
          <PasswordFields register={register} setValue={setValue} errors={errors} />
          <Checkbox
            label={
              <span>
                <Link to={href('terms')} target="_blank">
                  利用規約
                </Link>
                と
                <Link to={href('privacies')} target="_blank">
                  プライバシーポリシー
                </Link>
                に同意する
              </span>
            }
            aria-label="利用規約とプライバシーポリシーに同意する"
            {...register('accept')}
          />
          {message('accept') && <ErrorText role="alert">{message('accept')}</ErrorText>}
        </Section>
      )}

      <Actions>
        <Button type="submit" $variant="primary" disabled={isSubmitting || submitDisabled}>
          {submitLabel}
        </Button>
      </Actions>
    </form>
  );
}
