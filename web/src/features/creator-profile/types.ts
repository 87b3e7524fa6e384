/** A creator's own information (spec section 3: Skill, Portfolio, Possible work, User attributes) and the masters it is chosen from. */
import type { FileView } from '@/lib/files';

export interface Genre {
  id: number;
  name: string;
}

export interface GenreGroup {
  id: number;
  name: string;
  genres: Genre[];
}

/** Child genres of a group, by parent genre id. */
export type ChildGenres = Record<string, Genre[]>;

export interface SkillGroup {
  id: number;
  genreIds: number[];
  detail: string;
}

export interface Skills {
  genreGroups: SkillGroup[];
}

export type Publishability = 'not_set' | 'publishable' | 'conditionally_publishable' | 'unpublishable';

export interface Portfolio {
  portfolio: { portfolio: string; publishability: Publishability } | null;
  portfolioFiles: FileView[];
}

export interface PortfolioInput {
  portfolio: { portfolio: string; publishability: Publishability };
  portfolioFileIds: number[];
}

/** A work type of the master (`writing` …) with its label. */
export interface PossibleWorkType {
  id: string;
  workName: string;
}

export interface PossibleWork extends PossibleWorkType {
  achievement: string;
}

export interface PossibleWorksInput {
  checkedIds: string[];
  /** By work type (snake_case keys, sent as they are). */
  achievements: Record<string, string>;
}

export type Occupation = 'company_employee' | 'self_employed' | 'student' | 'homemaker' | 'other';
export type OfficeSoftware = 'word' | 'excel' | 'powerpoint';

export interface Jobs {
  occupation: Occupation;
  yearsOfExperience: number | null;
  qualifications: string[];
  officeSoftware: OfficeSoftware[];
}

export type MarriedType = 'unanswered' | 'unmarried' | 'married';
export type DivorceHistoryType = 'unanswered' | 'none' | 'exists';
export type CanOpenImageType = 'unanswered' | 'face_photo' | 'profile_photo' | 'illustration';
export type FamiliesType = 'unanswered' | 'alone' | 'with_family';
export type SexType = 'male' | 'female' | 'other';

export interface Child {
  birthday: string;
  year: number;
  month: number;
  sexType: SexType;
}

export interface UserAttributes {
  id: number;
  availableTimeSlot: string;
  marriedType: MarriedType;
  divorceHistoryType: DivorceHistoryType;
  canOpenImageType: CanOpenImageType;
  familiesType: FamiliesType;
  children: Child[];
  publishInformation: boolean;
  annualIncome: { id: number } | null;
  householdIncome: { id: number } | null;
  chatworkId: string;
  languages: { id: number; level: number }[];
  socials: { id: number; url: string }[];
}

export interface AttributesInput {
  availableTimeSlot: string;
  marriedType: MarriedType;
  divorceHistoryType: DivorceHistoryType;
  canOpenImageType: CanOpenImageType;
  familiesType: FamiliesType;
  children: { year: string; month: string; sexType: SexType | '' }[];
  publishInformation: boolean;
  annualIncomeId: number | null;
  householdIncomeId: number | null;
  chatworkId: string;
  languages: { id: number; level: number }[];
  socials: { id: number; url: string }[];
}
