import { nextStatuses } from './types';

const viewer = (role: string, clientId: number | null = null) => ({ userId: 1, role, clientId });

describe('project status moves', () => {
  it('offers each role only the edges of the status machine it may take', () => {
    const own = { clientId: 1 };
    expect(nextStatuses(viewer('client', 1), { ...own, status: 'setting' })).toEqual(['applying']);
    expect(nextStatuses(viewer('client', 1), { ...own, status: 'applying' })).toEqual(['setting']);
    expect(nextStatuses(viewer('client', 1), { ...own, status: 'under_acceptance' })).toEqual(['doing', 'done']);
    expect(nextStatuses(viewer('client', 2), { ...own, status: 'setting' })).toEqual([]);
    expect(nextStatuses(viewer('tsumugi_manager'), { ...own, status: 'applying' })).toEqual(['setting', 'doing']);
    expect(nextStatuses(viewer('tsumugi_accountant'), { ...own, status: 'applying' })).toEqual(['setting']);
    expect(nextStatuses(viewer('tsumugi_admin'), { ...own, status: 'doing' })).toEqual(['under_acceptance']);
    expect(nextStatuses(viewer('general'), { ...own, status: 'setting' })).toEqual([]);
    expect(nextStatuses(viewer('tsumugi_admin'), { ...own, status: 'done' })).toEqual([]);
  });
});
