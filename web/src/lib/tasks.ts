/**
 * The task vocabulary every work screen shares (tasks, works, deliveries, the staff tools): the
 * server's closed sets of statuses and types with the labels people read, the task row that
 * lists show, and how rows are grouped. It lives in lib, like roles, because several features
 * speak it and features do not import each other.
 */
import type { Body, View } from './api/wire';
import { ruleMessage } from './errors';

export type TaskStatus = 'applying' | 'doing' | 'under_acceptance' | 'done';

/** The only statuses the task filter accepts. */
export const TASK_STATUSES: TaskStatus[] = ['applying', 'doing', 'under_acceptance', 'done'];

export const TASK_STATUS_LABEL: Record<string, string> = {
  applying: '応募中',
  doing: '作業中',
  under_acceptance: '検収中',
  done: '完了',
};

/** A work type as the server names it (its closed set, lib/api). */
export type TaskType = NonNullable<Body<'TaskFields'>['type']>;

/** The spec's work types with the labels people read (the server's spreadsheets use the same). */
export const TASK_TYPES: [TaskType, string][] = [
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

const TYPE_LABELS = new Map<string, string>(TASK_TYPES);
export const isTaskType = (value: string): value is TaskType => TYPE_LABELS.has(value);
export const taskTypeLabel = (type: string): string => TYPE_LABELS.get(type) ?? 'その他';

export const DIRECTION_TYPES = ['work_direction', 'project_direction'];
export const isDirection = (type: string): boolean => DIRECTION_TYPES.includes(type);

/** A task as lists show it (keys camelCase, values as the server sends them). */
export type Task = View<'TaskView'>;

export interface TaskGroups {
  directionTasks: Task[];
  tasks: Task[];
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

/** A refused status move of a task (`transition:{from},{to}`) in words; other rules as usual. */
export function describeTaskRule(_field: string, rule: string): string {
  const [name, arg = ''] = rule.split(':');
  if (name === 'transition') {
    const [from, to] = arg.split(',');
    return `タスクを「${TASK_STATUS_LABEL[from] ?? from}」から「${TASK_STATUS_LABEL[to] ?? to}」には変更できません`;
  }
  return ruleMessage(rule);
}
