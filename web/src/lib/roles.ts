/** Role names as the client sees them (camelCase) and the groupings screens use. */
import { toCamel } from './case';

export type RoleType =
  | 'general'
  | 'editorAssistant'
  | 'client'
  | 'tsumugiManager'
  | 'tsumugiAccountant'
  | 'tsumugiAdmin';

/** The server sends snake_case role values (`tsumugi_admin`); the client speaks camelCase. */
export const normalizeRole = (role?: string | null): string => (role ? toCamel(role) : '');

export const isCreator = (role?: string | null): boolean => ['general', 'editorAssistant'].includes(normalizeRole(role));
export const isClient = (role?: string | null): boolean => normalizeRole(role) === 'client';
export const isStaff = (role?: string | null): boolean => /(Manager|Accountant|Admin)$/.test(normalizeRole(role));
export const isAdmin = (role?: string | null): boolean => normalizeRole(role).endsWith('Admin');
export const isAccountantOrAdmin = (role?: string | null): boolean => /(Accountant|Admin)$/.test(normalizeRole(role));
export const isManagerOrAdmin = (role?: string | null): boolean => /(Manager|Admin)$/.test(normalizeRole(role));

export function roleLabel(value?: string | null): string {
  const role = normalizeRole(value);
  if (!role) return '';
  if (role === 'general') return 'クリエイター';
  if (role === 'editorAssistant') return '編集アシスタント';
  if (role === 'client') return 'クライアント';
  if (role.endsWith('Manager')) return 'マネージャー';
  if (role.endsWith('Accountant')) return '経理';
  if (role.endsWith('Admin')) return '管理者';
  return role;
}

/** Who is looking at a screen, as the work screens need it (passed in by the app, not read from a store). */
export interface Viewer {
  userId: number;
  role: string;
  /** The client the user belongs to (client users only). */
  clientId: number | null;
}

export const viewerOf = (user: { id: number; roleType: string; client: { id: number } | null } | null | undefined): Viewer => ({
  userId: user?.id ?? 0,
  role: user?.roleType ?? '',
  clientId: user?.client?.id ?? null,
});
