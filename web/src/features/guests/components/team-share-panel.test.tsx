import { render, screen } from '@testing-library/react';
import { resetAll } from '@/lib/reset';
import { mockApi } from '@/test/mock-api';
import { TeamSharePanel } from './team-share-panel';

afterEach(() => {
  resetAll();
  vi.unstubAllGlobals();
});

const URL_PATH = 'GET /clients/media/3/teams/8/url';

describe('team share panel', () => {
  it('an unshared team (share_link: null) reads 「共有していません」 with no error', async () => {
    const api = mockApi({ [URL_PATH]: { body: { share_link: null } } });
    render(<TeamSharePanel mediaId={3} teamId={8} />);
    expect(await screen.findByTestId('share-status')).toHaveTextContent('共有していません。');
    expect(api.called(URL_PATH)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '共有URLを発行する' })).toBeInTheDocument();
  });

  it('a shared team shows when and by whom it was shared', async () => {
    mockApi({ [URL_PATH]: { body: { share_link: { media_id: 3, team_id: 8, created_at: '2026-11-20T01:00:00Z', created_by_name: '田中 一郎' } } } });
    render(<TeamSharePanel mediaId={3} teamId={8} />);
    expect(await screen.findByText(/共有中/)).toHaveTextContent('田中 一郎');
    expect(screen.getByRole('button', { name: 'URLを再発行する' })).toBeInTheDocument();
  });
});
