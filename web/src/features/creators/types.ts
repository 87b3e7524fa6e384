/** Creators as others see them (the creator page, its attributes and tasks, the search): the server's types (lib/api, generated). */
import type { View } from '@/lib/api/wire';

export type WorkStatus = View<'WorkStatus'>;
export type AgeBand = View<'AgeBand'>;
export type Region = 'japan' | 'overseas';

export type NamedRef = View<'NamedRef'>;
export type CreatorCard = View<'CreatorCard'>;
export type SearchResult = View<'SearchResult'>;
export type GenreOption = View<'GenreOption'>;
export type SearchOptions = View<'SearchOptions'>;

/** What the caller may do on a creator's page (the server decides; the page shows exactly this). */
export type CreatorAbilities = View<'CreatorAbilities'>;

type Detail = View<'CreatorDetail'>;

/**
 * The keys present only for staff and the creator themself (flattened and skipped when absent
 * on the server): all there or none. `View` calls the nullable ones (`sex`, `birthday`)
 * present, so they are made optional again here.
 */
type PrivateKey =
  | 'mailAddress'
  | 'lastName'
  | 'firstName'
  | 'lastNameKana'
  | 'firstNameKana'
  | 'accountType'
  | 'companyName'
  | 'representativeName'
  | 'sex'
  | 'birthday'
  | 'phoneNumber'
  | 'postalCode'
  | 'cityAddress'
  | 'streetAddress'
  | 'buildingName'
  | 'accountStatus';

export type PrivateProfile = Required<Pick<Detail, PrivateKey>>;
export type CreatorDetail = Omit<Detail, PrivateKey> & Partial<PrivateProfile>;

export type CreatorAttributes = View<'CreatorAttributes'>;
export type CreatorTasks = View<'CreatorTasks'>;
export type UserRef = View<'UserRef'>;
export type ManagerMemo = View<'ManagerMemo'>;
export type ClientMemo = View<'ClientMemo'>;
export type MemoList = View<'MemoList'>;
export type Combinations = View<'Combinations'>;
export type CreatorSearchTag = View<'CreatorSearchTag'>;

/** A person the NG-combination picker offers (`GET /users`): the fields it reads. */
export type DirectoryUser = Pick<View<'DirectoryUser'>, 'id' | 'userName' | 'roleType'>;
