import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useTasks } from '@/features/tasks/store';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { signInAs } from '@/test/session';
import { taskDetailJson } from '@/test/task-fixtures';
import TaskRoute from './task';

afterEach(() => {
  resetAll();
  vi.unstubAllGlobals();
  useTasks.setState({ task: { data: null, loading: false, error: null }, action: { data: null, loading: false, error: null } });
});

describe('the task route', () => {
  it("composes the task's manuscript section under its information once the task is loaded", async () => {
    signInAs('general', { id: 3 });
    mockApi({
      'GET /tasks/12': { body: taskDetailJson(12) },
      'GET /tasks/12/manuscript': { status: 404 },
    });
    render(
      <MemoryRouter initialEntries={['/tasks/12']}>
        <Routes>
          <Route path="/tasks/:taskId" element={<TaskRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('manuscript-create')).toHaveTextContent('原稿を作成');
    expect(screen.getByTestId('task-summary')).toBeInTheDocument();
  });
});
