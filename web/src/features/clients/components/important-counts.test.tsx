import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { theme } from '@/theme/theme';
import { ImportantCounts } from './important-counts';

afterEach(() => {
  resetAll();
  vi.unstubAllGlobals();
});

describe('client header counts', () => {
  it('shows a count in alert red only when something waits: zero is not an alert', async () => {
    mockApi({
      'GET /clients/4/important_information/counts': {
        body: { applying_task_count: 0, under_acceptance_task_count: 2, unanswered_assessments_count: 0 },
      },
    });
    render(
      <MemoryRouter>
        <ImportantCounts clientId={4} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('under-acceptance-count')).toHaveTextContent('2'));
    const red = { color: theme.color.alert };
    expect(screen.getByTestId('under-acceptance-count')).toHaveStyle(red);
    for (const id of ['applying-count', 'unanswered-count']) {
      expect(screen.getByTestId(id)).toHaveTextContent('0');
      expect(screen.getByTestId(id)).not.toHaveStyle(red);
    }
  });
});
