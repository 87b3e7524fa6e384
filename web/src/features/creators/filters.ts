/** The search filter and the page URL: the query lives in the URL so reload and back keep it. */
import { AGE_BANDS, WORK_STATUSES } from './labels';
import type { AgeBand, Region, WorkStatus } from './types';

export interface CreatorFilter {
  genreIds: number[];
  genreGroupIds: number[];
  workStatuses: WorkStatus[];
  searchTagIds: number[];
  excludeSearchTagIds: number[];
  ageBands: AgeBand[];
  region: Region | '';
  prefectureIds: number[];
  languageIds: number[];
  words: string;
  /** From 1. */
  page: number;
}

export const emptyFilter = (): CreatorFilter => ({
  genreIds: [],
  genreGroupIds: [],
  workStatuses: [],
  searchTagIds: [],
  excludeSearchTagIds: [],
  ageBands: [],
  region: '',
  prefectureIds: [],
  languageIds: [],
  words: '',
  page: 1,
});

type ListKey = 'genreIds' | 'genreGroupIds' | 'searchTagIds' | 'excludeSearchTagIds' | 'prefectureIds' | 'languageIds';
/** URL key (the API's, so a copied URL reads the same) of each list of ids. */
const ID_KEYS: [ListKey, string][] = [
  ['genreIds', 'genre_ids'],
  ['genreGroupIds', 'genre_group_ids'],
  ['searchTagIds', 'search_tag_ids'],
  ['excludeSearchTagIds', 'exclude_search_tag_ids'],
  ['prefectureIds', 'prefecture_ids'],
  ['languageIds', 'language_ids'],
];

const values = (params: URLSearchParams, key: string): string[] => [...params.getAll(`${key}[]`), ...params.getAll(key)];
const unique = <T>(items: T[]): T[] => [...new Set(items)];

/** The filter a URL asks for; values the search does not know are dropped. */
export function filterFromParams(params: URLSearchParams): CreatorFilter {
  const filter = emptyFilter();
  for (const [field, key] of ID_KEYS) {
    filter[field] = unique(
      values(params, key)
        .map((v) => Number(v))
        .filter((n) => Number.isInteger(n) && n > 0),
    );
  }
  filter.workStatuses = unique(values(params, 'work_statuses').filter((v): v is WorkStatus => (WORK_STATUSES as string[]).includes(v)));
  filter.ageBands = unique(values(params, 'age_bands').filter((v): v is AgeBand => (AGE_BANDS as string[]).includes(v)));
  const region = params.get('region');
  filter.region = region === 'japan' || region === 'overseas' ? region : '';
  filter.words = params.get('words')?.trim() ?? '';
  const page = Number(params.get('page'));
  filter.page = Number.isInteger(page) && page > 1 ? page : 1;
  return filter;
}

/** The URL of a filter: empty parts left out, page 1 implied. */
export function filterToParams(filter: CreatorFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, key] of ID_KEYS) filter[field].forEach((id) => params.append(`${key}[]`, String(id)));
  filter.workStatuses.forEach((v) => params.append('work_statuses[]', v));
  filter.ageBands.forEach((v) => params.append('age_bands[]', v));
  if (filter.region) params.set('region', filter.region);
  if (filter.words.trim()) params.set('words', filter.words.trim());
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** How many conditions a filter sets (the page number is not one). */
export function conditionCount(filter: CreatorFilter): number {
  const lists = ID_KEYS.reduce((sum, [field]) => sum + filter[field].length, 0);
  return lists + filter.workStatuses.length + filter.ageBands.length + (filter.region ? 1 : 0) + (filter.words.trim() ? 1 : 0);
}

/** Adds or removes `value` from a list. */
export const toggle = <T>(list: T[], value: T, on: boolean): T[] => (on ? unique([...list, value]) : list.filter((v) => v !== value));
