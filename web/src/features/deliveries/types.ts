/** Deliveries as clients list them, and the monthly delivery reports staff create. */

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

export interface DeliveryReport {
  id: number;
  mediaId: number;
  mediaName: string;
  year: number;
  month: number;
  taskCount: number;
  rewardTotal: number;
  createdAt: string;
}

export interface NewDeliveryReport {
  mediaId: number;
  year: number;
  month: number;
}
