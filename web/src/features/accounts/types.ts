/**
 * Sign-up, recovery, login information and the Profile of spec section 3: the server's types
 * (lib/api, generated). The inputs are the forms' values and stay written here: a form sends a
 * sex not chosen yet (`''`) or a birthday with empty parts, which the server answers with its
 * 422 rules, while the document states the strict form (docs/decisions/openapi-states-the-rules.md).
 */
import type { View } from '@/lib/api/wire';

export type AccountType = View<'AccountType'>;
export type Sex = View<'SexType'>;

/** The prefecture id that means residing overseas. */
export const OVERSEAS_PREFECTURE_ID = 99;
/** The postal code an overseas member has, shown split after the 3rd digit. */
export const OVERSEAS_POSTAL_CODE = '0000000';

export type Profile = View<'Profile'>;

/** What the profile form sends (`PUT /users/me`, and inside the sign-up). */
export interface ProfileInput {
  accountType: AccountType;
  companyName: string;
  representativeName: string;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  userName: string;
  sex: Sex | '';
  birthday: { year: number | null; month: number | null; day: number | null };
  phoneNumber: string;
  prefectureId: number | null;
  postalCodeFirst: string;
  postalCodeLast: string;
  cityAddress: string;
  streetAddress: string;
  buildingName: string;
  imageFileId?: number | null;
}

export interface PasswordInput {
  password: string;
  passwordConfirmation: string;
}

export type SignupInput = ProfileInput & PasswordInput & { token: string; accept: boolean };

/** A client's person (client invitation). */
export interface ClientPersonInput extends PasswordInput {
  token: string;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  phoneNumber: string;
  accept: boolean;
}

/** Where a mailed link leads: the address it was sent to (and the inviting client's name). */
export type LinkTarget = View<'LinkTarget'>;

/** A new member's session, shaped as the login's; the route hands the token to the session store. */
export type SignedUp = View<'SignedUp'>;

export type MailFrequency = View<'MailFrequency'>;
/** `browserNotification`: chat notices as browser notifications while the tab is hidden. */
export type MailFrequencies = View<'MailFrequencies'>;

export type Prefecture = View<'Prefecture'>;
export type PostalAddress = View<'Address'>;
