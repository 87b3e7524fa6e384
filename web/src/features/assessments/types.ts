import type { ImageFile } from '@/lib/files';
import type { Paging } from '@/lib/paging';

export type AssessmentState = 'no_answered' | 'answered';

export interface AssessmentAnswer {
  quality: number;
  deadline: number;
  communication: number;
  rehire: number;
  comment: string;
}

export interface Assessment {
  id: number;
  client: { id: number; companyName: string };
  creator: { id: number; userName: string; imageFile: ImageFile | null };
  /** The first day of the month (yyyy-mm-01). */
  targetMonth: string;
  state: AssessmentState;
  completedTaskCount: number;
  answer: AssessmentAnswer | null;
  answeredBy: { id: number; userName: string } | null;
  answeredAt: string | null;
  canAnswer: boolean;
}

export interface AssessmentList extends Paging {
  baseUrl: string;
  assessments: Assessment[];
  isAssessmentRemind: boolean;
}
