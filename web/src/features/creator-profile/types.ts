/** A creator's own information (spec section 3: Skill, Portfolio, Possible work, User attributes) and the masters it is chosen from: the server's types (lib/api, generated). */
import type { Body, View } from '@/lib/api/wire';

export type Genre = View<'Genre'>;
export type GenreGroup = View<'GenreGroup'>;

/** Child genres of a group, by parent genre id. */
export type ChildGenres = Record<string, Genre[]>;

export type SkillGroup = View<'SkillGroup'>;
/** `GET` and `PUT /users/me/skills` (the same shape both ways). */
export type Skills = View<'Skills'>;

export type Publishability = View<'Publishability'>;
export type Portfolio = View<'Portfolio'>;
export type PortfolioInput = Body<'PortfolioInput'>;

/** A work type of the master (`writing` …) with its label. */
export type PossibleWorkType = View<'PossibleWorkType'>;
export type PossibleWork = View<'PossibleWork'>;

/** `achievements` by work type (snake_case keys, sent as they are). */
export type PossibleWorksInput = Body<'PossibleWorksInput'>;

export type Occupation = View<'Occupation'>;
export type OfficeSoftware = View<'OfficeSoftware'>;
export type Jobs = View<'Jobs'>;

export type MarriedType = View<'MarriedType'>;
export type DivorceHistoryType = View<'DivorceHistoryType'>;
export type CanOpenImageType = View<'CanOpenImageType'>;
export type FamiliesType = View<'FamiliesType'>;
export type SexType = View<'SexType'>;

export type Child = View<'Child'>;
export type UserAttributes = View<'UserAttributes'>;

/**
 * What the attributes form sends (`POST`/`PUT /users/me/attributes`). Hand-written: it is the
 * form's values (a child's year and month as typed, a sex not chosen yet), which the server's
 * rules answer with a 422; the document's `AttributesInput` states the parsed form.
 */
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
