/** Sign-up, recovery, login information and the Profile of spec section 3 as the API answers them (camelCase). */

export type AccountType = 'personal' | 'corporate';
export type Sex = 'male' | 'female' | 'other';

/** The prefecture id that means residing overseas. */
export const OVERSEAS_PREFECTURE_ID = 99;
/** The postal code an overseas member has, shown split after the 3rd digit. */
export const OVERSEAS_POSTAL_CODE = '0000000';

export interface Profile {
  id: number;
  mailAddress: string;
  accountType: AccountType;
  companyName: string;
  representativeName: string;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  userName: string;
  imageFile: { id: number | null; path: string; antiVirusCheckScanStatus: string } | null;
  sex: Sex | null;
  birthday: { year: number; month: number; day: number } | null;
  phoneNumber: string;
  prefectureId: number | null;
  postalCodeFirst: string;
  postalCodeLast: string;
  cityAddress: string;
  streetAddress: string;
  buildingName: string;
}

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
export interface LinkTarget {
  mailAddress: string;
  companyName: string | null;
}

/** A new member's session, shaped as the login's; the route hands the token to the session store. */
export interface SignedUp {
  token: string;
}

export type MailFrequency = 'immediately' | 'daily' | 'none';
export interface MailFrequencies {
  message: MailFrequency;
  task: MailFrequency;
  information: MailFrequency;
  /** Chat notices as browser notifications while the tab is hidden. */
  browserNotification: boolean;
}

export interface Prefecture {
  id: number;
  name: string;
}

export interface PostalAddress {
  prefectureId: number;
  prefectureName: string;
  city: string;
  town: string;
}
