import { ruleMessage } from '@/lib/errors';

/** Status values as the server sends them (values are not camelized, only keys). */
export type ProjectStatus = 'setting' | 'applying' | 'doing' | 'under_acceptance' | 'done';

export const PROJECT_STATUSES: ProjectStatus[] = ['setting', 'applying', 'doing', 'under_acceptance', 'done'];

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
  /** Whether the viewer may change the project and its works (the server decides). */
  canEdit: boolean;
  /** The statuses the viewer may move the project to (the server decides). */
  allowedTransitions: ProjectStatus[];
}

export interface ProjectList {
  projects: Project[];
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

export interface WorkSummary {
  id: number;
  name: string;
  isOperationAgency: boolean;
}

export interface ProjectDetail extends Project {
  works: WorkSummary[];
}

/** A created or renamed work (the project page keeps only the summary fields). */
export interface WorkAnswer extends WorkSummary {
  projectId: number;
  crmOrderId: string | null;
}

export interface UnitPricing {
  crmOrderId: string;
  items: { taskType: string; label: string; unitPrice: number }[];
}

/** Labels of the spec: setting, applying, working, under inspection, completed. */
export const STATUS_LABEL: Record<string, string> = {
  setting: '設定中',
  applying: '募集中',
  doing: '作業中',
  under_acceptance: '検収中',
  done: '完了',
};

/** The button text for moving a project to a status. */
export const MOVE_LABEL: Record<ProjectStatus, string> = {
  setting: '設定中に戻す',
  applying: '募集を開始する',
  doing: '作業中にする',
  under_acceptance: '検収中にする',
  done: '完了にする',
};

/** A refused move (`transition:{from},{to}`) in words. */
export function describeProjectRule(_field: string, rule: string): string {
  const [name, arg = ''] = rule.split(':');
  if (name === 'transition') {
    const [from, to] = arg.split(',');
    return `「${STATUS_LABEL[from] ?? from}」から「${STATUS_LABEL[to] ?? to}」には変更できません`;
  }
  return ruleMessage(rule);
}
