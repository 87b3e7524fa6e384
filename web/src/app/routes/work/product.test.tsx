import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Banners } from '@/features/banners/components/banners';
import { useWorkDetail } from '@/features/works/store';
import { resetAll } from '@/lib/reset';
import { choose } from '@/test/controls';
import { mockApi } from '@/test/mock-api';
import { emptyWorkDetail, taskDetailJson, workJson } from '@/test/task-fixtures';
import ProductRoute from './product';

afterEach(() => {
  resetAll();
  vi.unstubAllGlobals();
  useWorkDetail.setState(emptyWorkDetail);
});

const work = workJson();

describe('creating a task on the work page', () => {
  it('confirms it with a flash that names the task and leads to it', async () => {
    mockApi({
      'GET /v2/projects/2/works/5': { body: work },
      'POST /v2/projects/works/5/tasks': { status: 201, body: taskDetailJson(31, { title: '熱海の記事', work_id: 5 }) },
    });
    render(
      <MemoryRouter initialEntries={['/projects/2/products/5']}>
        <Banners />
        <Routes>
          <Route path="/projects/:projectId/products/:productId" element={<ProductRoute />} />
          <Route path="/tasks/:taskId" element={<p>タスク詳細ページ</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('箱根の記事');
    expect(screen.queryByTestId('flash')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('タイトル'), '熱海の記事');
    await choose('作業種別', '執筆');
    await userEvent.click(screen.getByRole('button', { name: 'タスクを作成' }));

    const flash = await screen.findByTestId('flash');
    expect(flash).toHaveTextContent('タスク「熱海の記事」を作成しました。');
    const open = within(flash).getByRole('link', { name: 'タスクを開く' });
    expect(open).toHaveAttribute('href', '/tasks/31');
    // It is in the work's task list too, and the form is ready for the next one.
    expect(screen.getByTestId('task-list')).toHaveTextContent('熱海の記事');
    expect(screen.getByLabelText('タイトル')).toHaveValue('');

    await userEvent.click(open);
    await waitFor(() => expect(screen.getByText('タスク詳細ページ')).toBeInTheDocument());
    expect(screen.queryByTestId('flash')).not.toBeInTheDocument();
  });
});
