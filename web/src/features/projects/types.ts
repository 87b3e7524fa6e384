/** Projects and their works: the server's types (lib/api, generated); labels and rule wording are the web's. */
import type { View } from '@/lib/api/wire';
import { ruleMessage } from '@/lib/errors';

/** Status values as the server sends them (values are not camelized, only keys). */
export type ProjectStatus = View<'ProjectStatus'>;

export const PROJECT_STATUSES: ProjectStatus[] = ['setting', 'applying', 'doing', 'under_acceptance', 'done'];

/** `canEdit` and `allowedTransitions`: what the viewer may do with the project (the server decides). */
export type Project = View<'ProjectView'>;
export type ProjectList = View<'ProjectList'>;
export type WorkSummary = View<'WorkSummary'>;
export type ProjectDetail = View<'ProjectDetail'>;

/** A created or renamed work (the project page keeps only the summary fields). */
export type WorkAnswer = WorkSummary & Pick<View<'WorkHead'>, 'projectId' | 'crmOrderId'>;

export type UnitPricing = View<'UnitPricing'>;

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
