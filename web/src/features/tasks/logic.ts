/** The rules the task screens follow, kept pure so they are easy to prove. */
import { type AppError, ValidationError, ruleMessage } from '@/lib/errors';
import type { DeliveryRegistered } from '@/lib/events';
import {
  isDirection,
  type Task,
  type TaskDetail,
  type TaskGroups,
  TASK_STATUSES,
  TASK_STATUS_LABEL,
} from './types';

/** The status filter from the URL; any value outside the four task statuses drops the whole filter. */
export function sanitizeStatuses(values: string[]): string[] {
  if (!values.every((value) => (TASK_STATUSES as string[]).includes(value))) return [];
  return [...new Set(values)];
}

/** By due date (undated last), then by id: the order the server uses. */
export function byDueDate<T extends Pick<Task, 'id' | 'dueDate'>>(a: T, b: T): number {
  if (a.dueDate !== b.dueDate) {
    if (!a.dueDate) return 1;
    if (!b.dueDate) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return a.id - b.id;
}

/** Direction tasks apart from the others, each group by due date. */
export function groupTasks(tasks: Task[]): TaskGroups {
  const sorted = [...tasks].sort(byDueDate);
  return { directionTasks: sorted.filter((t) => isDirection(t.type)), tasks: sorted.filter((t) => !isDirection(t.type)) };
}

/** Adds (or replaces) one task in its group, keeping both groups in order. */
export function withTask<G extends TaskGroups>(groups: G, task: Task): G {
  const others = [...groups.directionTasks, ...groups.tasks].filter((t) => t.id !== task.id);
  return { ...groups, ...groupTasks([...others, task]) };
}

/** After a delivery the task is fetched again, but only `updatedAt` and `deliveryFiles` are taken from it. */
export const applyDeliveryRefetch = (current: TaskDetail, fresh: TaskDetail): TaskDetail => ({
  ...current,
  updatedAt: fresh.updatedAt,
  deliveryFiles: fresh.deliveryFiles,
});

/** A saved external delivery URL joins the task's external deliveries and makes the delivery type external. */
export const applyExternalDelivery = (current: TaskDetail, registered: DeliveryRegistered, userId: number): TaskDetail => ({
  ...current,
  deliveries: {
    type: 'external',
    externals: [
      ...current.deliveries.externals.filter((e) => e.id !== registered.deliveryId),
      { id: registered.deliveryId, userId, url: registered.url ?? '' },
    ],
  },
});

/** A refused status move of a task (`transition:{from},{to}`) in words; other rules as usual. */
export function describeTaskRule(_field: string, rule: string): string {
  const [name, arg = ''] = rule.split(':');
  if (name === 'transition') {
    const [from, to] = arg.split(',');
    return `タスクを「${TASK_STATUS_LABEL[from] ?? from}」から「${TASK_STATUS_LABEL[to] ?? to}」には変更できません`;
  }
  return ruleMessage(rule);
}

/** A refused spreadsheet: every cell's messages as "セル C4: …" (the server words them in Japanese). */
export function cellErrorLines(error: AppError | null): string[] {
  if (!(error instanceof ValidationError)) return [];
  return Object.entries(error.rules).flatMap(([cell, messages]) => messages.map((message) => `セル ${cell}: ${message}`));
}
