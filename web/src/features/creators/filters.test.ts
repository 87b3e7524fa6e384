import { buildQuery } from '@/lib/api-client';
import { conditionCount, emptyFilter, filterFromParams, filterToParams, toggle } from './filters';

describe('search filter ↔ URL', () => {
  it('reads every key of a URL and writes the same URL back', () => {
    const url =
      'genre_ids[]=1&genre_ids[]=101&genre_group_ids[]=3&search_tag_ids[]=4&exclude_search_tag_ids[]=5&prefecture_ids[]=13&language_ids[]=1' +
      '&work_statuses[]=accepting&age_bands[]=early_twenties&age_bands[]=over_sixties&region=japan&words=%E6%97%85%E8%A1%8C+SEO&page=3';
    const filter = filterFromParams(new URLSearchParams(url));
    expect(filter).toEqual({
      genreIds: [1, 101],
      genreGroupIds: [3],
      workStatuses: ['accepting'],
      searchTagIds: [4],
      excludeSearchTagIds: [5],
      ageBands: ['early_twenties', 'over_sixties'],
      region: 'japan',
      prefectureIds: [13],
      languageIds: [1],
      words: '旅行 SEO',
      page: 3,
    });
    expect(filterFromParams(filterToParams(filter))).toEqual(filter);
  });

  it('drops values the search does not know and leaves empty parts out', () => {
    const filter = filterFromParams(new URLSearchParams('work_statuses[]=busy&age_bands[]=thirties&region=mars&genre_ids[]=x&genre_ids[]=-2&page=0&words=%20'));
    expect(filter).toEqual(emptyFilter());
    expect(filterToParams(emptyFilter()).toString()).toBe('');
    expect(filterToParams({ ...emptyFilter(), page: 1, words: '  ' }).toString()).toBe('');
  });

  it('sends the API the same keys the URL has', () => {
    const filter = { ...emptyFilter(), genreIds: [2], workStatuses: ['accepting' as const], words: '取材' };
    expect(decodeURIComponent(buildQuery({ ...filter }))).toBe('?genre_ids[]=2&work_statuses[]=accepting&words=取材&page=1');
  });

  it('counts conditions and toggles values', () => {
    expect(conditionCount({ ...emptyFilter(), genreIds: [1, 2], region: 'overseas', words: 'a', page: 4 })).toBe(4);
    expect(toggle([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggle([1, 2], 2, true)).toEqual([1, 2]);
    expect(toggle([1, 2], 1, false)).toEqual([2]);
  });
});
