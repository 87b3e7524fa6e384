/**
 * The account and profile forms' rules (the server's, said again so mistakes show before a
 * round trip) with the messages of spec section 5, and the mapping of the server's 422 rules
 * onto the same fields.
 */
import { z } from '@/lib/zod';
import { toCamel } from '@/lib/case';
import { ruleMessage } from '@/lib/errors';
import { toHalfWidthDigits } from '@/lib/format';
import { FORM_MESSAGES, type FieldMapping, isKatakana, normalizePhone } from '@/lib/forms';
import { OVERSEAS_POSTAL_CODE, OVERSEAS_PREFECTURE_ID, type Profile, type ProfileInput } from './types';

export const M = {
  required: FORM_MESSAGES.required,
  minLength: (n: number) => `${n}文字以上で入力してください`,
  maxLength: FORM_MESSAGES.maxLength,
  numeric: FORM_MESSAGES.numeric,
  unique: '既に登録されています',
  tokenInvalid: 'URLの有効期限が切れているか、無効です。',
  confirmMismatch: 'パスワードが一致しません',
  password: 'パスワードは大文字・小文字・数字を含む8文字以上で入力してください',
  katakana: '全角カタカナで入力してください',
  digits: '桁数を確認してください',
  birthday: FORM_MESSAGES.date,
  accepted: '同意する場合は選択してください',
  exists: '入力内容が正しくありません',
  email: '@を含むメールアドレスを入力してください',
  different: '現在のパスワードと異なるパスワードを入力してください',
  currentPassword: '現在のパスワードが正しくありません',
  fallback: FORM_MESSAGES.fallback,
} as const;

export const NAME_MAX = 50;
export const COMPANY_MAX = 100;
export const ADDRESS_MAX = 255;
export const MAIL_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The spec's message for one server rule string of these forms; other rules as everywhere else. */
export function accountRuleMessage(rule: string): string {
  const [name, arg] = rule.split(':');
  switch (name) {
    case 'required':
    case 'required_if':
      return M.required;
    case 'unique':
      return M.unique;
    case 'same':
      return M.confirmMismatch;
    case 'password':
      return M.password;
    case 'different':
      return M.different;
    case 'current_password':
      return M.currentPassword;
    case 'katakana':
      return M.katakana;
    case 'digits':
    case 'digits_between':
      return M.digits;
    case 'date':
      return M.birthday;
    case 'accepted':
      return M.accepted;
    case 'exists':
    case 'in':
      return M.exists;
    case 'email':
      return M.email;
    case 'jwt':
      return M.tokenInvalid;
    case 'min':
      return M.minLength(Number(arg));
    case 'max':
      return M.maxLength(Number(arg));
    case 'numeric':
      return M.numeric;
    default: {
      const generic = ruleMessage(rule);
      return generic === '入力内容を確認してください' ? M.fallback : generic;
    }
  }
}

/** Server fields whose form control has another name. */
const FIELD_ALIASES: Record<string, string> = { birthday: 'birthYear' };

/** The account forms' field mapping: `last_name_kana` → `lastNameKana` when the form has it, in these forms' wording. */
export const accountFields =
  (fields: readonly string[]): FieldMapping =>
  (serverField, rule) => {
    const field = FIELD_ALIASES[serverField] ?? toCamel(serverField);
    return { field: fields.includes(field) ? field : null, message: accountRuleMessage(rule) };
  };

export { isKatakana, normalizePhone };

export const hasPasswordClasses = (value: string): boolean => /[A-Z]/.test(value) && /[a-z]/.test(value) && /[0-9]/.test(value);

/** A real date before today, not before 1900. */
export function isPastDate(year: number, month: number, day: number, today = new Date()): boolean {
  if (![year, month, day].every(Number.isInteger) || year < 1900) return false;
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return false;
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return date < startOfToday;
}

/** A 7-digit postal code split after the 3rd digit; null unless it is 7 digits. */
export function splitPostalCode(value: string): { first: string; last: string } | null {
  const digits = toHalfWidthDigits(value).replace(/[-－ー〒\s]/g, '');
  return /^\d{7}$/.test(digits) ? { first: digits.slice(0, 3), last: digits.slice(3) } : null;
}

const text = (max: number) => z.string().trim().max(max, M.maxLength(max));
const requiredText = (max: number) => text(max).min(1, M.required);
const kana = requiredText(NAME_MAX).refine(isKatakana, M.katakana);
const phone = z
  .string()
  .transform(normalizePhone)
  .superRefine((value, ctx) => {
    const message = !value ? M.required : !/^\d+$/.test(value) ? M.numeric : value.length < 10 || value.length > 11 ? M.digits : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const mailAddressField = z.string().trim().min(1, M.required).max(MAIL_MAX, M.maxLength(MAIL_MAX)).regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, M.email);

export const passwordField = z
  .string()
  .min(1, M.required)
  .max(PASSWORD_MAX, M.maxLength(PASSWORD_MAX))
  .refine((v) => v.length >= PASSWORD_MIN && hasPasswordClasses(v), M.password);

/** Password and its confirmation. */
export const passwordSchema = z
  .object({ password: passwordField, passwordConfirmation: z.string().min(1, M.required) })
  .refine((v) => v.password === v.passwordConfirmation, { message: M.confirmMismatch, path: ['passwordConfirmation'] });
export type PasswordValues = z.infer<typeof passwordSchema>;

export const mailAddressSchema = z.object({ mailAddress: mailAddressField });
export type MailAddressValues = z.infer<typeof mailAddressSchema>;

/** A person's names, readings and phone (the client invitation's form, and part of the profile). */
const personShape = {
  lastName: requiredText(NAME_MAX),
  firstName: requiredText(NAME_MAX),
  lastNameKana: kana,
  firstNameKana: kana,
  phoneNumber: phone,
};

const accepted = z.boolean().refine((v) => v, M.accepted);

export const clientPersonSchema = z
  .object({ ...personShape, password: passwordField, passwordConfirmation: z.string().min(1, M.required), accept: accepted })
  .refine((v) => v.password === v.passwordConfirmation, { message: M.confirmMismatch, path: ['passwordConfirmation'] });
export type ClientPersonValues = z.input<typeof clientPersonSchema>;

/** The profile as the form holds it: text boxes and selects are strings. */
const profileShape = {
  accountType: z.enum(['personal', 'corporate']),
  companyName: text(COMPANY_MAX),
  representativeName: text(COMPANY_MAX),
  ...personShape,
  userName: requiredText(NAME_MAX),
  sex: z.enum(['male', 'female', 'other', '']).refine((v) => v !== '', M.required),
  birthYear: z.string(),
  birthMonth: z.string(),
  birthDay: z.string(),
  region: z.enum(['japan', 'overseas']),
  postalCodeFirst: z.string().transform((v) => toHalfWidthDigits(v.trim())),
  postalCodeLast: z.string().transform((v) => toHalfWidthDigits(v.trim())),
  prefectureId: z.string(),
  cityAddress: text(ADDRESS_MAX),
  streetAddress: text(ADDRESS_MAX),
  buildingName: text(ADDRESS_MAX),
};

type ProfileShape = z.infer<z.ZodObject<typeof profileShape>>;

/** The rules across fields: a corporate account's names, the birthday, and a Japanese address. */
function checkProfile(v: ProfileShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.accountType === 'corporate') {
    if (!v.companyName) issue('companyName', M.required);
    if (!v.representativeName) issue('representativeName', M.required);
  }
  if (!v.birthYear && !v.birthMonth && !v.birthDay) issue('birthYear', M.required);
  else if (!isPastDate(Number(v.birthYear), Number(v.birthMonth), Number(v.birthDay))) issue('birthYear', M.birthday);
  if (v.region === 'japan') {
    if (!v.prefectureId || Number(v.prefectureId) === OVERSEAS_PREFECTURE_ID) issue('prefectureId', M.required);
    const half = (field: 'postalCodeFirst' | 'postalCodeLast', value: string, digits: number) => {
      if (!value) issue(field, M.required);
      else if (!/^\d+$/.test(value)) issue(field, M.numeric);
      else if (value.length !== digits) issue(field, M.digits);
    };
    half('postalCodeFirst', v.postalCodeFirst, 3);
    half('postalCodeLast', v.postalCodeLast, 4);
    if (!v.cityAddress) issue('cityAddress', M.required);
    if (!v.streetAddress) issue('streetAddress', M.required);
  }
}

export const profileSchema = z.object(profileShape).superRefine(checkProfile);
export type ProfileValues = z.input<typeof profileSchema>;

/** A member who is not a creator keeps names, readings, phone and display name. */
export const basicProfileSchema = z.object({ ...personShape, userName: requiredText(NAME_MAX) });

/** Sign-up: the profile, a password and the terms. */
export const signupSchema = z
  .object({ ...profileShape, password: passwordField, passwordConfirmation: z.string().min(1, M.required), accept: accepted })
  .superRefine((v, ctx) => {
    checkProfile(v, ctx);
    if (v.password !== v.passwordConfirmation) ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: M.confirmMismatch });
  });
export type SignupValues = z.input<typeof signupSchema>;

/** Every control of the profile form (server rules on these show under them). */
export const PROFILE_FIELDS = [...Object.keys(profileShape), 'password', 'passwordConfirmation', 'accept'] as const;

export const emptyProfile: ProfileValues = {
  accountType: 'personal',
  companyName: '',
  representativeName: '',
  lastName: '',
  firstName: '',
  lastNameKana: '',
  firstNameKana: '',
  userName: '',
  phoneNumber: '',
  sex: '',
  birthYear: '',
  birthMonth: '',
  birthDay: '',
  region: 'japan',
  postalCodeFirst: '',
  postalCodeLast: '',
  prefectureId: '',
  cityAddress: '',
  streetAddress: '',
  buildingName: '',
};

/** The form's values from a saved profile. */
export function profileValuesOf(p: Profile): ProfileValues {
  const overseas = p.prefectureId === OVERSEAS_PREFECTURE_ID;
  return {
    accountType: p.accountType,
    companyName: p.companyName,
    representativeName: p.representativeName,
    lastName: p.lastName,
    firstName: p.firstName,
    lastNameKana: p.lastNameKana,
    firstNameKana: p.firstNameKana,
    userName: p.userName,
    phoneNumber: p.phoneNumber,
    sex: p.sex ?? '',
    birthYear: p.birthday ? String(p.birthday.year) : '',
    birthMonth: p.birthday ? String(p.birthday.month) : '',
    birthDay: p.birthday ? String(p.birthday.day) : '',
    region: overseas ? 'overseas' : 'japan',
    postalCodeFirst: overseas ? '' : p.postalCodeFirst,
    postalCodeLast: overseas ? '' : p.postalCodeLast,
    prefectureId: p.prefectureId && !overseas ? String(p.prefectureId) : '',
    cityAddress: p.cityAddress,
    streetAddress: p.streetAddress,
    buildingName: p.buildingName,
  };
}

/** What the API takes from the checked form: overseas is prefecture 99 with the placeholder postal code. */
export function profileInputOf(v: z.output<typeof profileSchema>): ProfileInput {
  const overseas = v.region === 'overseas';
  const num = (value: string) => (value === '' ? null : Number(value));
  return {
    accountType: v.accountType,
    companyName: v.accountType === 'corporate' ? v.companyName : '',
    representativeName: v.accountType === 'corporate' ? v.representativeName : '',
    lastName: v.lastName,
    firstName: v.firstName,
    lastNameKana: v.lastNameKana,
    firstNameKana: v.firstNameKana,
    userName: v.userName,
    sex: v.sex,
    birthday: { year: num(v.birthYear), month: num(v.birthMonth), day: num(v.birthDay) },
    phoneNumber: v.phoneNumber,
    prefectureId: overseas ? OVERSEAS_PREFECTURE_ID : num(v.prefectureId),
    postalCodeFirst: overseas ? OVERSEAS_POSTAL_CODE.slice(0, 3) : v.postalCodeFirst,
    postalCodeLast: overseas ? OVERSEAS_POSTAL_CODE.slice(3) : v.postalCodeLast,
    cityAddress: v.cityAddress,
    streetAddress: v.streetAddress,
    buildingName: v.buildingName,
  };
}
