import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { choose } from '@/test/controls';
import { mockApi } from '@/test/mock-api';
import { emptyWorkDetail, taskDetailJson, taskJson, workJson } from '@/test/task-fixtures';
import { useWorkDetail } from '../store';
import { WorkPage } from './work-page';

afterEach(() => {
  vi.unstubAllGlobals();
  useWorkDetail.setState(emptyWorkDetail);
});

const work = workJson({
  direction_tasks: [taskJson(1, { type: 'work_direction', title: '進行管理' })],
  tasks: [taskJson(2, { title: '箱根の記事', due_date: '2026-12-10' })],
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/projects/2/products/5']}>
      <Routes>
        <Route path="/projects/:projectId/products/:productId" element={<WorkPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('work page', () => {
  it('creates a task with ids typed when no user list answers, and slots it in by due date', async () => {
    const api = mockApi({
      'GET /v2/projects/2/works/5': { body: work },
      'POST /v2/projects/works/5/tasks': { status: 201, body: taskDetailJson(3, { title: '熱海の記事', due_date: '2026-12-05', work_id: 5 }) },
    });
    renderPage();
    await screen.findByText('箱根の記事');
    await userEvent.type(screen.getByLabelText('タイトル'), '熱海の記事');
    await choose('作業種別', '執筆');
    await userEvent.type(screen.getByLabelText('担当者のユーザーID（カンマ区切り）'), '3, ４');
    await userEvent.click(screen.getByRole('button', { name: 'タスクを作成' }));
    await waitFor(() => expect(api.called('POST /v2/projects/works/5/tasks')).toHaveLength(1));
    expect(api.called('POST /v2/projects/works/5/tasks')[0].body).toEqual({ type: 'writing', title: '熱海の記事', tags: [], assignee_ids: [3, 4] });
    await waitFor(() => expect(screen.getByTestId('task-list').textContent).toMatch(/熱海の記事.*箱根の記事/));
    expect(screen.getByTestId('direction-task-list')).toHaveTextContent('進行管理');
  });

  it('lists every refused cell of an uploaded sheet', async () => {
    mockApi({
      'GET /v2/projects/2/works/5': { body: work },
      'POST /v2/projects/works/5/tasks/import': {
        status: 422,
        body: { error: { message: '入力内容に誤りがあります。', rules: { B3: ['作業種別「ライティング」は選択肢にありません'], C4: ['タイトルを入力してください'] } } },
      },
    });
    renderPage();
    await screen.findByText('箱根の記事');
    const sheet = new File(['x'], 'tasks.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await userEvent.upload(screen.getByLabelText('タスク一括登録ファイル（.xlsx）'), sheet);
    await userEvent.click(screen.getByRole('button', { name: 'タスクを取り込む' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('セル B3: 作業種別「ライティング」は選択肢にありません');
    expect(alert).toHaveTextContent('セル C4: タイトルを入力してください');
  });
});
