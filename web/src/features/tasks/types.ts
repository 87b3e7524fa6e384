/** One task in full as the web reads it (keys camelCase, values as the server sends them); the row and the closed sets are in lib/tasks. */
import type { ScanStatus } from '@/lib/files';
import type { Task } from '@/lib/tasks';

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
  antiVirusCheckScanStatus: ScanStatus;
  /** The sniffed type: a video plays in the page. */
  contentType: string;
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
