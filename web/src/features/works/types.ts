/** A work (product) of a project with its tasks, and what its page creates and imports. */
import type { TaskGroups } from '@/lib/tasks';

export interface Work extends TaskGroups {
  id: number;
  projectId: number;
  projectName: string;
  projectStatus: string;
  clientId: number;
  /** Whether the viewer may rename the work and write its tasks (the server decides). */
  canEdit: boolean;
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
