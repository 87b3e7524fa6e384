/** A work (product) of a project with its tasks, and what its page creates and imports: the server's types (lib/api, generated). */
import type { Body, View } from '@/lib/api/wire';

/** `canEdit`: whether the viewer may rename the work and write its tasks (the server decides). */
export type Work = View<'WorkView'>;

export type NewTask = Body<'NewTask'>;

export type SheetKind = 'regular' | 'operation_agency' | 'update_tags';

export const SHEET_LABEL: Record<SheetKind, string> = {
  regular: '通常テンプレート',
  operation_agency: '運用代行テンプレート',
  update_tags: 'タグ更新テンプレート',
};

/** A creator offered work (the assignee picker): the fields it reads of the directory's users. */
export type AssignableUser = Pick<View<'DirectoryUser'>, 'id' | 'userName' | 'roleType'>;
