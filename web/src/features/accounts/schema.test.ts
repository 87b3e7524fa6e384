import {
  accountFields,
  accountRuleMessage,
  clientPersonSchema,
  emptyProfile,
  isKatakana,
  isPastDate,
  M,
  mailAddressSchema,
  passwordSchema,
  profileInputOf,
  profileSchema,
  profileValuesOf,
  signupSchema,
  splitPostalCode,
} from './schema';
import { applyServerRules } from '@/lib/forms';
import type { Profile } from './types';

const valid = {
  ...emptyProfile,
  lastName: '新山',
  firstName: '花子',
  lastNameKana: 'ニイヤマ',
  firstNameKana: 'ハナコ',
  userName: 'はなこ',
  phoneNumber: '０９０-１２３４-５６７８',
  sex: 'female' as const,
  birthYear: '1990',
  birthMonth: '4',
  birthDay: '1',
  postalCodeFirst: '１００',
  postalCodeLast: '0005',
  prefectureId: '13',
  cityAddress: '千代田区丸の内',
  streetAddress: '1-1-1',
};

/** The message of each failing field. */
function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  if (result.success) return {};
  return Object.fromEntries(result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('profile rules', () => {
  it('accepts a complete profile and normalizes digits', () => {
    const result = profileSchema.safeParse(valid);
    expect(problems(result)).toEqual({});
    const input = profileInputOf(result.data!);
    expect(input.phoneNumber).toBe('09012345678');
    expect(input.postalCodeFirst).toBe('100');
    expect(input.birthday).toEqual({ year: 1990, month: 4, day: 1 });
    expect(input.prefectureId).toBe(13);
  });

  it('says what is wrong with names, readings and phone in the spec words', () => {
    expect(problems(profileSchema.safeParse({ ...valid, lastName: ' ', firstName: 'あ'.repeat(51) }))).toEqual({
      lastName: M.required,
      firstName: '50文字以内で入力してください',
    });
    expect(problems(profileSchema.safeParse({ ...valid, lastNameKana: 'にいやま', firstNameKana: 'ﾊﾅｺ' }))).toEqual({
      lastNameKana: '全角カタカナで入力してください',
      firstNameKana: '全角カタカナで入力してください',
    });
    expect(problems(profileSchema.safeParse({ ...valid, phoneNumber: '090-123-456' }))).toEqual({ phoneNumber: '桁数を確認してください' });
    expect(problems(profileSchema.safeParse({ ...valid, phoneNumber: 'でんわ' }))).toEqual({ phoneNumber: '半角数字で入力してください' });
  });

  it('knows full-width katakana with long vowels and spaces', () => {
    expect(isKatakana('ヤマダ　タロー')).toBe(true);
    expect(isKatakana('ヴィクトール')).toBe(true);
    expect(isKatakana('やまだ')).toBe(false);
    expect(isKatakana('ﾔﾏﾀﾞ')).toBe(false);
    expect(isKatakana('ー ')).toBe(false);
  });

  it('takes only real past birthdays', () => {
    const today = new Date(2026, 10, 24);
    expect(isPastDate(2000, 2, 29, today)).toBe(true);
    expect(isPastDate(2001, 2, 29, today)).toBe(false);
    expect(isPastDate(2026, 11, 24, today)).toBe(false);
    expect(isPastDate(1899, 12, 31, today)).toBe(false);
    expect(problems(profileSchema.safeParse({ ...valid, birthDay: '31', birthMonth: '4' }))).toEqual({ birthYear: '正しい日付を入力してください' });
    expect(problems(profileSchema.safeParse({ ...valid, birthYear: '', birthMonth: '', birthDay: '' }))).toEqual({ birthYear: M.required });
  });

  it('splits postal codes after the 3rd digit and checks each half', () => {
    expect(splitPostalCode('1000005')).toEqual({ first: '100', last: '0005' });
    expect(splitPostalCode('〒１００－０００５')).toEqual({ first: '100', last: '0005' });
    expect(splitPostalCode('100000')).toBeNull();
    expect(problems(profileSchema.safeParse({ ...valid, postalCodeFirst: '10', postalCodeLast: '' }))).toEqual({
      postalCodeFirst: '桁数を確認してください',
      postalCodeLast: M.required,
    });
  });

  it('sends overseas as prefecture 99 with the placeholder postal code and no Japanese address', () => {
    const result = profileSchema.safeParse({ ...valid, region: 'overseas', postalCodeFirst: '', postalCodeLast: '', prefectureId: '99', cityAddress: '', streetAddress: '' });
    expect(problems(result)).toEqual({});
    const input = profileInputOf(result.data!);
    expect(input.prefectureId).toBe(99);
    expect(`${input.postalCodeFirst}${input.postalCodeLast}`).toBe('0000000');
    const saved = { ...input, id: 1, mailAddress: 'a@example.jp', imageFile: null, birthday: { year: 1990, month: 4, day: 1 }, sex: 'female', postalCodeFirst: '000', postalCodeLast: '0000' } as Profile;
    expect(profileValuesOf(saved)).toMatchObject({ region: 'overseas', prefectureId: '', postalCodeFirst: '' });
  });

  it('asks a corporate account for its company and representative', () => {
    expect(problems(profileSchema.safeParse({ ...valid, accountType: 'corporate' }))).toEqual({ companyName: M.required, representativeName: M.required });
    const result = profileSchema.safeParse({ ...valid, accountType: 'personal', companyName: '残り' });
    expect(profileInputOf(result.data!).companyName).toBe('');
  });
});

describe('password and sign-up rules', () => {
  it('needs upper, lower and digits, at least 8, and a matching confirmation', () => {
    expect(problems(passwordSchema.safeParse({ password: 'Tsumugi2026', passwordConfirmation: 'Tsumugi2026' }))).toEqual({});
    expect(problems(passwordSchema.safeParse({ password: 'tsumugi2026', passwordConfirmation: 'tsumugi2026' }))).toEqual({ password: M.password });
    expect(problems(passwordSchema.safeParse({ password: 'Ts2026', passwordConfirmation: 'Ts2026' }))).toEqual({ password: M.password });
    expect(problems(passwordSchema.safeParse({ password: 'Tsumugi2026', passwordConfirmation: 'Tsumugi2025' }))).toEqual({ passwordConfirmation: 'パスワードが一致しません' });
  });

  it('needs the terms accepted and an address with @', () => {
    const signup = signupSchema.safeParse({ ...valid, password: 'Tsumugi2026', passwordConfirmation: 'Tsumugi2026', accept: false });
    expect(problems(signup)).toEqual({ accept: '同意する場合は選択してください' });
    expect(problems(mailAddressSchema.safeParse({ mailAddress: 'writer.example.jp' }))).toEqual({ mailAddress: '@を含むメールアドレスを入力してください' });
    const person = clientPersonSchema.safeParse({ lastName: '依頼', firstName: '太郎', lastNameKana: 'イライ', firstNameKana: 'たろう', phoneNumber: '0312345678', password: 'Tsumugi2026', passwordConfirmation: 'Tsumugi2026', accept: true });
    expect(problems(person)).toEqual({ firstNameKana: '全角カタカナで入力してください' });
  });
});

describe('server rules on the form', () => {
  it('words each rule string as the spec says', () => {
    expect(accountRuleMessage('unique')).toBe('既に登録されています');
    expect(accountRuleMessage('same:password')).toBe('パスワードが一致しません');
    expect(accountRuleMessage('password')).toBe(M.password);
    expect(accountRuleMessage('different:current_password')).toBe('現在のパスワードと異なるパスワードを入力してください');
    expect(accountRuleMessage('digits_between:10,11')).toBe('桁数を確認してください');
    expect(accountRuleMessage('date')).toBe('正しい日付を入力してください');
    expect(accountRuleMessage('required_if:account_type,corporate')).toBe('必須項目です');
    expect(accountRuleMessage('exists')).toBe('入力内容が正しくありません');
    expect(accountRuleMessage('jwt')).toBe('URLの有効期限が切れているか、無効です。');
    expect(accountRuleMessage('min:8')).toBe('8文字以上で入力してください');
    expect(accountRuleMessage('something_new')).toBe('入力内容を確認してください');
  });

  it('puts rules on their fields and returns the rest for the alert', () => {
    const setError = vi.fn();
    const rest = applyServerRules(
      { last_name_kana: ['katakana'], birthday: ['date'], mail_address: ['unique'], image_file_id: ['exists'], token: ['jwt'] },
      accountFields(['lastNameKana', 'birthYear', 'mailAddress']),
      setError,
    );
    expect(setError).toHaveBeenCalledWith('lastNameKana', { type: 'server', message: '全角カタカナで入力してください' });
    expect(setError).toHaveBeenCalledWith('birthYear', { type: 'server', message: '正しい日付を入力してください' });
    expect(setError).toHaveBeenCalledWith('mailAddress', { type: 'server', message: '既に登録されています' });
    expect(rest).toEqual(['入力内容が正しくありません', 'URLの有効期限が切れているか、無効です。']);
  });
});
