import { isAccountantOrAdmin, isClient, isCreator, isStaff, roleLabel } from './roles';

describe('roles', () => {
  it('groups the six roles', () => {
    expect(['general', 'editorAssistant'].every(isCreator)).toBe(true);
    expect(['tsumugiManager', 'tsumugiAccountant', 'tsumugiAdmin'].every(isStaff)).toBe(true);
    expect(isStaff('client') || isStaff('general')).toBe(false);
    expect(isClient('client')).toBe(true);
    expect(roleLabel('tsumugiAccountant')).toBe('経理');
    expect(isStaff('tsumugi_admin') && isCreator('editor_assistant')).toBe(true);
    expect(roleLabel('editor_assistant')).toBe('編集アシスタント');
    expect(['tsumugi_accountant', 'tsumugiAdmin'].every(isAccountantOrAdmin)).toBe(true);
    expect(['tsumugi_manager', 'client', 'general'].some(isAccountantOrAdmin)).toBe(false);
  });
});
