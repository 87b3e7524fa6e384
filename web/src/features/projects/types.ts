export type ProjectStatus = 'setting' | 'applying' | 'doing' | 'underAcceptance' | 'done';

export interface Project {
  id: number;
  name: string;
  description: string;
  status: string;
  mediaId: number;
  mediaName: string;
  clientId: number;
  companyName: string;
  workCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectList {
  projects: Project[];
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

/** Labels of the spec: setting, applying, working, under inspection, completed. */
export const STATUS_LABEL: Record<string, string> = {
  setting: '設定中',
  applying: '募集中',
  doing: '作業中',
  under_acceptance: '検収中',
  done: '完了',
};
