/** Creators as others see them (the creator page, its attributes and tasks, the search). Keys camelCase; values as the server sends them. */
import type { ImageFile } from '@/lib/files';
import type { Paging } from '@/lib/paging';
import type { Task } from '@/lib/tasks';

export type WorkStatus = 'not_set' | 'accepting' | 'conditionally_accepting' | 'not_accepting';
export type AgeBand =
  | 'teens'
  | 'early_twenties'
  | 'late_twenties'
  | 'early_thirties'
  | 'late_thirties'
  | 'early_forties'
  | 'late_forties'
  | 'early_fifties'
  | 'late_fifties'
  | 'over_sixties';
export type Region = 'japan' | 'overseas';

export interface NamedRef {
  id: number;
  name: string;
}

export interface CreatorCard {
  id: number;
  userName: string;
  imageFile: ImageFile | null;
  workStatus: WorkStatus;
  prefectureName: string | null;
  ageBand: AgeBand | null;
  genres: string[];
  tags: NamedRef[];
}

export interface SearchResult extends Paging {
  users: CreatorCard[];
}

export interface GenreOption {
  id: number;
  name: string;
  parentGenreId: number | null;
}

export interface SearchOptions {
  genreGroups: { id: number; name: string; genres: GenreOption[] }[];
  searchTags: NamedRef[];
  prefectures: NamedRef[];
  ageBands: { value: AgeBand; label: string }[];
}

/** What the caller may do on a creator's page (the server decides; the page shows exactly this). */
export interface CreatorAbilities {
  canWriteMemo: boolean;
  canReadClientMemos: boolean;
  canWriteManagerMemo: boolean;
  canReadCombinations: boolean;
  canEditCombinations: boolean;
  canEditTags: boolean;
  canReadTasks: boolean;
}

/** Present only for staff and the creator themself. */
export interface PrivateProfile {
  mailAddress: string;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  accountType: string;
  companyName: string;
  representativeName: string;
  sex: string | null;
  birthday: string | null;
  phoneNumber: string;
  postalCode: string;
  cityAddress: string;
  streetAddress: string;
  buildingName: string;
  accountStatus: string;
}

export interface CreatorDetail extends CreatorAbilities, Partial<PrivateProfile> {
  id: number;
  userName: string;
  roleType: string;
  imageFile: ImageFile | null;
  workStatus: WorkStatus;
  prefecture: NamedRef | null;
  ageBand: AgeBand | null;
  profileText: string;
  skills: { genreGroup: NamedRef; genres: NamedRef[]; detail: string }[];
  portfolio: { portfolio: string; publishability: string } | null;
  possibleWorks: { id: number; workName: string; achievement: string }[];
  languages: { id: number; level: number }[];
  socials: { id: number; url: string }[];
  canOpenImageType: string | null;
  availableTimeSlot: string | null;
}

export interface CreatorAttributes {
  userId: number;
  attributes: Record<string, unknown>;
  languages: { id: number; level: number }[];
}

export interface CreatorTasks extends Paging {
  tasks: Task[];
}

export interface UserRef {
  id: number;
  userName: string;
}

export interface ManagerMemo {
  userId: number;
  memo: string;
  updatedBy: UserRef | null;
  updatedAt: string | null;
}

export interface ClientMemo {
  client: { id: number; companyName: string };
  memo: string;
  updatedBy: UserRef | null;
  updatedAt: string;
}

export interface MemoList {
  userId: number;
  memos: ClientMemo[];
}

export interface Combinations {
  userId: number;
  users: UserRef[];
}

export interface CreatorSearchTag {
  id: number;
  searchTagName: string;
  isExcludeType: boolean;
}

/** A person the NG-combination picker offers (`GET /users`). */
export interface DirectoryUser {
  id: number;
  userName: string;
  roleType: string;
}
