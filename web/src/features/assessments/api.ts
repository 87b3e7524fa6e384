import { api } from '@/lib/api-client';
import type { AssessmentAnswer, AssessmentList, AssessmentState, Assessment } from './types';

export const assessmentsApi = {
  list: (page: number, state?: AssessmentState) => api.get<AssessmentList>('/assessments', { page, state }),
  detail: (id: number) => api.get<Assessment>(`/assessments/${id}`, undefined, { quietRefusal: true }),
  answer: (id: number, answer: AssessmentAnswer) => api.put<Assessment>(`/assessments/${id}`, answer),
  remind: () => api.get<{ isAssessmentRemind: boolean }>('/assessments/remind'),
  dismissRemind: () => api.put<void>('/assessments/remind'),
};
