import { ruleMessage } from '@/lib/errors';
import { isManagerOrAdmin, isStaff, type Viewer } from '@/lib/roles';

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

/** Who may take each edge of the status machine (docs/work-contract.md). */
const EDGES: { from: ProjectStatus; to: ProjectStatus; who: 'ownerOrStaff' | 'operations' }[] = [
  { from: 'setting', to: 'applying', who: 'ownerOrStaff' },
  { from: 'applying', to: 'setting', who: 'ownerOrStaff' },
  { from: 'applying', to: 'doing', who: 'operations' },
  { from: 'doing', to: 'under_acceptance', who: 'operations' },
  { from: 'under_acceptance', to: 'doing', who: 'ownerOrStaff' },
  { from: 'under_acceptance', to: 'done', who: 'ownerOrStaff' },
];

/** Staff, or a user of the client that owns the project. */
export const canManageProject = (viewer: Viewer, project: Pick<Project, 'clientId'>): boolean =>
  isStaff(viewer.role) || (viewer.clientId !== null && viewer.clientId === project.clientId);

/** The statuses this viewer may move the project to from where it is. */
export function nextStatuses(viewer: Viewer, project: Pick<Project, 'clientId' | 'status'>): ProjectStatus[] {
  const owner = canManageProject(viewer, project);
  const operations = isManagerOrAdmin(viewer.role);
  return EDGES.filter((edge) => edge.from === project.status && (edge.who === 'operations' ? operations : owner)).map((edge) => edge.to);
}

/** A refused move (`transition:{from},{to}`) in words. */
export function describeProjectRule(_field: string, rule: string): string {
  const [name, arg = ''] = rule.split(':');
  if (name === 'transition') {
    const [from, to] = arg.split(',');
    return `「${STATUS_LABEL[from] ?? from}」から「${STATUS_LABEL[to] ?? to}」には変更できません`;
  }
  return ruleMessage(rule);
}
