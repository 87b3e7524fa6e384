import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { closeFakeSocket, openFakeSocket } from '@/test/fake-socket';
import { mockApi } from '@/test/mock-api';
import { projectJson, resetProjects } from '../test-fixtures';
import { ProjectDetailPage } from './project-detail-page';

const project = projectJson({ description: '紅葉と温泉' });

vi.mock('socket.io-client', () => import('@/test/fake-socket'));

afterEach(() => {
  closeFakeSocket();
  resetProjects();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/projects/2']}>
      <Routes>
        <Route path="/projects/:projectId" element={<ProjectDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('project detail page', () => {
  it('links the works, offers the owner its moves, and shows a refused move in Japanese', async () => {
    mockApi({
      'GET /v2/projects/2': { body: project },
      'PUT /v2/projects/2': { status: 422, body: { error: { message: '入力内容に誤りがあります。', rules: { status: ['transition:setting,applying'] } } } },
    });
    renderPage();
    expect(await screen.findByRole('link', { name: '温泉ガイド' })).toHaveAttribute('href', '/projects/2/products/5');
    expect(screen.getByTestId('project-status')).toHaveTextContent('設定中');
    await userEvent.click(screen.getByRole('button', { name: '募集を開始する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('「設定中」から「募集中」には変更できません');
  });

  it('shows a unit pricing failure beside the form, not as the page error', async () => {
    mockApi({
      'GET /v2/projects/2': { body: project },
      'GET /crm/order/SF-9/unit_pricing': { status: 502, body: { error: { message: 'SFからのデータ取得に失敗しました。' } } },
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('CRM注文ID'), 'SF-9');
    await userEvent.click(screen.getByRole('button', { name: '単価を取得' }));
    await waitFor(() => expect(screen.getByTestId('unit-pricing')).toHaveTextContent('SFからのデータ取得に失敗しました。'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no changes to a creator', async () => {
    // What the server answers a creator: no changes allowed.
    mockApi({ 'GET /v2/projects/2': { body: { ...project, status: 'applying', can_edit: false, allowed_transitions: [] } } });
    renderPage();
    await screen.findByRole('link', { name: '温泉ガイド' });
    expect(screen.queryByRole('button', { name: '作品を追加' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '設定中に戻す' })).not.toBeInTheDocument();
  });

  it('fetches the project again when a lost connection returns (a move made meanwhile shows)', async () => {
    let status = 'setting';
    const api = mockApi({ 'GET /v2/projects/2': () => ({ body: { ...project, status } }) });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('project-status')).toHaveTextContent('設定中'));
    const socket = await openFakeSocket();
    socket.missWhileDown(() => (status = 'applying'));
    await waitFor(() => expect(screen.getByTestId('project-status')).toHaveTextContent('募集中'));
    expect(api.called('GET /v2/projects/2')).toHaveLength(2);
  });
});
