/** Role names as the client sees them (camelCase) and the groupings screens use. */

export type RoleType =
  | 'general'
  | 'editorAssistant'
  | 'client'
  | 'tsumugiManager'
  | 'tsumugiAccountant'
  | 'tsumugiAdmin';

export const isCreator = (role?: string | null): boolean => role === 'general' || role === 'editorAssistant';
export const isClient = (role?: string | null): boolean => role === 'client';
export const isStaff = (role?: string | null): boolean => !!role && /(Manager|Accountant|Admin)$/.test(role);
export const isAdmin = (role?: string | null): boolean => !!role && role.endsWith('Admin');
export const isManagerOrAdmin = (role?: string | null): boolean => !!role && /(Manager|Admin)$/.test(role);

export function roleLabel(role?: string | null): string {
  if (!role) return '';
  if (role === 'general') return 'クリエイター';
  if (role === 'editorAssistant') return '編集アシスタント';
  if (role === 'client') return 'クライアント';
  if (role.endsWith('Manager')) return 'マネージャー';
  if (role.endsWith('Accountant')) return '経理';
  if (role.endsWith('Admin')) return '管理者';
  return role;
}
