/** Tasks, works and deliveries as the web reads them (keys camelCase, values as the server sends them). */

export type TaskStatus = 'applying' | 'doing' | 'under_acceptance' | 'done';

/** The only statuses the task filter accepts. */
export const TASK_STATUSES: TaskStatus[] = ['applying', 'doing', 'under_acceptance', 'done'];

export const TASK_STATUS_LABEL: Record<string, string> = {
  applying: '応募中',
  doing: '作業中',
  under_acceptance: '検収中',
  done: '完了',
};

/** The spec's work types with the labels people read (the server's spreadsheets use the same). */
export const TASK_TYPES: [string, string][] = [
  ['work_direction', 'ディレクション(作品)'],
  ['project_direction', 'ディレクション(案件)'],
  ['planning', '企画'],
  ['writing', '執筆'],
  ['proofreading_and_review', '校正・校閲'],
  ['supervise', '監修'],
  ['coverage_and_shooting', '取材・撮影'],
  ['content_management_system', 'CMS入稿'],
  ['illustration_and_design', 'イラスト・デザイン'],
  ['image_selection', '画像選定'],
  ['other', 'その他'],
];

const TYPE_LABELS = new Map(TASK_TYPES);
export const taskTypeLabel = (type: string): string => TYPE_LABELS.get(type) ?? 'その他';

export const DIRECTION_TYPES = ['work_direction', 'project_direction'];
export const isDirection = (type: string): boolean => DIRECTION_TYPES.includes(type);

export interface Task {
  id: number;
  type: string;
  title: string;
  status: string;
  orderDate: string | null;
  dueDate: string | null;
  completedDate: string | null;
  workId: number;
  workName: string;
  projectId: number;
  projectName: string;
  updatedAt: string;
}

export interface TaskGroups {
  directionTasks: Task[];
  tasks: Task[];
}

export interface Assignee {
  userId: number;
  userName: string;
  state: 'offered' | 'taken' | string;
}

export interface DeliveryFile {
  id: number;
  fileId: number;
  name: string;
  path: string;
  antiVirusCheckScanStatus: 'scanning' | 'clean' | 'infected';
  createdAt: string;
}

export interface ExternalDelivery {
  id: number;
  userId: number;
  url: string;
}

export interface Deliveries {
  type: 'file' | 'external' | null;
  externals: ExternalDelivery[];
}

export interface Inspection {
  result: 'accepted' | 'rejected' | string;
  reason: string | null;
  createdAt: string;
}

export interface TaskDetail extends Task {
  clientId: number;
  rewardAmount: number | null;
  tags: string[];
  isInvalid: boolean;
  assignees: Assignee[];
  deliveryFiles: DeliveryFile[];
  deliveries: Deliveries;
  inspections: Inspection[];
  canTake: boolean;
  canDecline: boolean;
  canDeliver: boolean;
  canInspect: boolean;
  canEdit: boolean;
}

export interface Work extends TaskGroups {
  id: number;
  projectId: number;
  projectName: string;
  projectStatus: string;
  clientId: number;
  name: string;
  isOperationAgency: boolean;
  crmOrderId: string | null;
}

export interface NewTask {
  type: string;
  title: string;
  dueDate?: string;
  rewardAmount?: number;
  tags?: string[];
  assigneeIds: number[];
}

export interface ClientDelivery {
  id: number;
  taskId: number;
  taskTitle: string;
  taskStatus: string;
  projectId: number;
  projectName: string;
  workId: number;
  workName: string;
  userId: number;
  userName: string;
  type: 'file' | 'external';
  url: string | null;
  files: { fileId: number; name: string; path: string }[];
  createdAt: string;
}

export interface Paged {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

export type SheetKind = 'regular' | 'operation_agency' | 'update_tags';

export const SHEET_LABEL: Record<SheetKind, string> = {
  regular: '通常テンプレート',
  operation_agency: '運用代行テンプレート',
  update_tags: 'タグ更新テンプレート',
};

/** A creator offered work (the assignee picker). */
export interface AssignableUser {
  id: number;
  userName: string;
  roleType: string;
}

/** Fields staff may change on any task (PUT /admin/tasks/{id}); absent means unchanged, an empty date clears it. */
export interface AdminTaskChange {
  title?: string;
  type?: string;
  status?: string;
  dueDate?: string;
  orderDate?: string;
  completedDate?: string;
  rewardAmount?: number;
}
