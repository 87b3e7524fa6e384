import { useProjects } from './project-list';

const project = (id: number) => ({ id, name: `p${id}`, description: '', status: 'doing', media_id: 1, media_name: 'm', client_id: 1, company_name: 'c', work_count: 0, created_at: '2026-11-22T00:00:00Z', updated_at: '2026-11-22T00:00:00Z' });

function serve(pages: Record<number, number[]>) {
  const fetchMock = vi.fn(async (url: string) => {
    const page = Number(new URL(url, 'http://x').searchParams.get('page'));
    return new Response(JSON.stringify({ projects: (pages[page] ?? []).map(project), current_page: page, last_page: 2, per_page: 2, total: 3 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('projects store', () => {
  it('merges pages and resets the list on a new search', async () => {
    const fetchMock = serve({ 1: [3, 2], 2: [2, 1] });
    await useProjects.getState().search('');
    await useProjects.getState().fetchPage(2);
    expect(useProjects.getState().list.data.map((p) => p.id)).toEqual([3, 2, 1]);
    await useProjects.getState().search('京都');
    expect(useProjects.getState().list.data.map((p) => p.id)).toEqual([3, 2]);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('keyword=%E4%BA%AC%E9%83%BD');
  });
});
