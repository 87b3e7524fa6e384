/** The caller's own information and the masters its forms choose from; each load moves through started → done or failed. */
import { create } from 'zustand';
import { type AsyncState, initialAsync, track } from '@/lib/async-state';
import { NotFoundError } from '@/lib/errors';
import { registerReset } from '@/lib/reset';
import { creatorProfileApi } from './api';
import type { ChildGenres, GenreGroup, Jobs, Portfolio, PossibleWork, PossibleWorkType, Skills, UserAttributes } from './types';

interface CreatorProfileState {
  genres: AsyncState<GenreGroup[]>;
  /** Child genres by group id. */
  childGenres: Record<number, ChildGenres>;
  workTypes: AsyncState<PossibleWorkType[]>;
  skills: AsyncState<Skills | null>;
  portfolio: AsyncState<Portfolio | null>;
  possibleWorks: AsyncState<PossibleWork[] | null>;
  /** Null until loaded; `{ attributes: null }` when none are saved yet. */
  attributes: AsyncState<{ attributes: UserAttributes | null } | null>;
  jobs: AsyncState<{ jobs: Jobs | null } | null>;
  fetchGenres: () => Promise<void>;
  fetchChildGenres: (groupId: number) => Promise<void>;
  fetchWorkTypes: () => Promise<void>;
  fetchSkills: () => Promise<void>;
  fetchPortfolio: () => Promise<void>;
  fetchPossibleWorks: () => Promise<void>;
  fetchAttributes: () => Promise<void>;
  fetchJobs: () => Promise<void>;
}

const initial = () => ({
  genres: initialAsync<GenreGroup[]>([]),
  childGenres: {},
  workTypes: initialAsync<PossibleWorkType[]>([]),
  skills: initialAsync<Skills | null>(null),
  portfolio: initialAsync<Portfolio | null>(null),
  possibleWorks: initialAsync<PossibleWork[] | null>(null),
  attributes: initialAsync<{ attributes: UserAttributes | null } | null>(null),
  jobs: initialAsync<{ jobs: Jobs | null } | null>(null),
});

export const useCreatorProfile = create<CreatorProfileState>((set) => ({
  ...initial(),
  fetchGenres: async () => {
    await track(set, 'genres', creatorProfileApi.genres, 'ジャンルの取得に失敗しました');
  },
  fetchChildGenres: async (groupId) => {
    try {
      const children = await creatorProfileApi.childGenres(groupId);
      set((s) => ({ childGenres: { ...s.childGenres, [groupId]: children } }));
    } catch {
      // 小ジャンルの取得に失敗しました: the top-level genres stay usable; the client reported it.
    }
  },
  fetchWorkTypes: async () => {
    await track(set, 'workTypes', creatorProfileApi.possibleWorkTypes, '対応可能な業務の取得に失敗しました');
  },
  fetchSkills: async () => {
    await track(set, 'skills', creatorProfileApi.skills, 'スキルの取得に失敗しました');
  },
  fetchPortfolio: async () => {
    await track(set, 'portfolio', creatorProfileApi.portfolio, 'ポートフォリオの取得に失敗しました');
  },
  fetchPossibleWorks: async () => {
    await track(set, 'possibleWorks', creatorProfileApi.possibleWorks, '対応可能な業務の取得に失敗しました');
  },
  fetchAttributes: async () => {
    await track(
      set,
      'attributes',
      async () => {
        try {
          return { attributes: await creatorProfileApi.attributes() };
        } catch (error) {
          if (error instanceof NotFoundError) return { attributes: null };
          throw error;
        }
      },
      '属性情報の取得に失敗しました',
    );
  },
  fetchJobs: async () => {
    await track(set, 'jobs', creatorProfileApi.jobs, '職業・資格情報の取得に失敗しました');
  },
}));

registerReset(() => useCreatorProfile.setState(initial()));
