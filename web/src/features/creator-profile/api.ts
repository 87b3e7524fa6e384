import { api } from '@/lib/api-client';
import type {
  AttributesInput,
  ChildGenres,
  GenreGroup,
  Jobs,
  Portfolio,
  PortfolioInput,
  PossibleWork,
  PossibleWorksInput,
  PossibleWorkType,
  Skills,
  UserAttributes,
} from './types';

/** The caller's own information (`/users/me/…`) and the masters its forms choose from. */
export const creatorProfileApi = {
  genres: () => api.get<GenreGroup[]>('/genres'),
  childGenres: (groupId: number) => api.get<ChildGenres>(`/genre_groups/${groupId}/child_genres`),
  possibleWorkTypes: () => api.get<PossibleWorkType[]>('/possible_works'),
  skills: () => api.get<Skills>('/users/me/skills'),
  saveSkills: (skills: Skills) => api.put<Skills>('/users/me/skills', skills),
  portfolio: () => api.get<Portfolio>('/users/me/portfolio'),
  savePortfolio: (input: PortfolioInput) => api.put<Portfolio>('/users/me/portfolio', input),
  possibleWorks: () => api.get<PossibleWork[]>('/users/me/possible_works'),
  savePossibleWorks: (input: PossibleWorksInput) => api.put<PossibleWork[]>('/users/me/possible_works', input),
  jobs: () => api.get<{ jobs: Jobs | null }>('/users/me/jobs'),
  saveJobs: (input: { occupation: string; yearsOfExperience: string; qualifications: string[]; officeSoftware: string[] }) =>
    api.put<{ jobs: Jobs | null }>('/users/me/jobs', input),
  /** 404 until the first save: the form's to handle, not the banner's. */
  attributes: () => api.get<UserAttributes>('/users/me/attributes', undefined, { quietRefusal: true }),
  createAttributes: (input: AttributesInput) => api.post<UserAttributes>('/users/me/attributes', input),
  updateAttributes: (input: AttributesInput) => api.put<UserAttributes>('/users/me/attributes', input),
};
