import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import type { WorkStatusOwner } from '../types';
import { AvailabilitySelect } from './availability-select';
import { SAVE_FAILED, WorkStatusModal } from './work-status-modal';

const creator: WorkStatusOwner = {
  id: 7,
  roleType: 'general',
  workStatus: 'notSet',
  isExistsNewInformation: false,
  hasSkill: true,
  hasBankAccount: true,
  hasPortfolio: true,
  hasPossibleWork: true,
  hasAttribute: true,
};
const record = (workStatus: string) => ({ ...creator, user_name: '山田 花子', role_type: 'general', work_status: workStatus, image_file: null, client: null });

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

describe('work-status modal', () => {
  it('asks with every status but notSet, accepting chosen, and saves it', async () => {
    const api = mockApi({ 'PUT /users/me/work_status': { body: record('accepting') } });
    const onSaved = vi.fn();
    const onFailed = vi.fn();
    render(<WorkStatusModal user={creator} onSaved={onSaved} onFailed={onFailed} />);
    const dialog = screen.getByRole('dialog', { name: '新しいお仕事を受けられますか？' });
    expect(dialog).toHaveTextContent('お仕事を依頼する際の参考にします');
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      expect.stringContaining('😊 受付中'),
      expect.stringContaining('🤔 条件付きで受付中'),
      expect.stringContaining('🙅 受付停止中'),
    ]);
    expect(screen.getByRole('radio', { name: /受付中/, checked: true })).toHaveAccessibleName(expect.stringMatching(/^受付中/));
    // Focus starts inside the dialog.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.called('PUT /users/me/work_status')[0].body).toEqual({ work_status: 'accepting' });
    expect(onSaved.mock.calls[0][0].workStatus).toBe('accepting');
    expect(onFailed).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends the chosen status, disables saving while it is sent, and closes with the error notice on failure', async () => {
    let answer: (value: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const onSaved = vi.fn();
    const onFailed = vi.fn();
    render(<WorkStatusModal user={creator} onSaved={onSaved} onFailed={onFailed} />);
    await userEvent.click(screen.getByText('条件付きで受付中'));
    const save = screen.getByRole('button', { name: '保存する' });
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(save).toBeDisabled();
    expect(screen.getByRole('radio', { name: /条件付きで受付中/ })).toBeDisabled();
    const body = JSON.parse(String((vi.mocked(fetch).mock.calls[0][1] as RequestInit).body));
    expect(body).toEqual({ work_status: 'conditionally_accepting' });
    await act(async () => answer(new Response(JSON.stringify({ error: { message: 'サーバーエラーが発生しました。' } }), { status: 500 })));
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith(SAVE_FAILED));
    expect(SAVE_FAILED).toBe('保存に失敗しました。');
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape without saving', async () => {
    const api = mockApi({});
    render(<WorkStatusModal user={creator} onSaved={vi.fn()} onFailed={vi.fn()} />);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('keeps Tab inside the dialog', async () => {
    render(<WorkStatusModal user={creator} onSaved={vi.fn()} onFailed={vi.fn()} />);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('is not shown once answered, to a client, or while information is missing', () => {
    const { rerender } = render(<WorkStatusModal user={{ ...creator, workStatus: 'accepting' }} onSaved={vi.fn()} onFailed={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(<WorkStatusModal user={{ ...creator, roleType: 'client' }} onSaved={vi.fn()} onFailed={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    rerender(<WorkStatusModal user={{ ...creator, hasBankAccount: false }} onSaved={vi.fn()} onFailed={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('availability dropdown', () => {
  it('offers the other statuses, found by typing, and saves the choice', async () => {
    const api = mockApi({ 'PUT /users/me/work_status': { body: record('not_accepting') } });
    const onSaved = vi.fn();
    render(<AvailabilitySelect user={{ ...creator, workStatus: 'accepting' }} onSaved={onSaved} onFailed={vi.fn()} />);
    const trigger = screen.getByRole('combobox', { name: '案件の受付状況' });
    expect(trigger).toHaveTextContent('😊 受付中');
    await userEvent.click(trigger);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['🤔 条件付きで受付中', '🙅 受付停止中']);
    await userEvent.type(screen.getByRole('searchbox', { name: '案件の受付状況を検索' }), '停止');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['🙅 受付停止中']);
    await userEvent.click(screen.getByRole('option', { name: '🙅 受付停止中' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.called('PUT /users/me/work_status')[0].body).toEqual({ work_status: 'not_accepting' });
  });

  it('is not shown to clients and staff', () => {
    const { container } = render(<AvailabilitySelect user={{ ...creator, roleType: 'tsumugiManager' }} onSaved={vi.fn()} onFailed={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
