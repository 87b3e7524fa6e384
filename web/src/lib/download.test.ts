import { api, setTokenProvider } from './api-client';
import { fileNameFromDisposition } from './download';

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenProvider(() => null);
});

describe('file downloads', () => {
  it('reads the suggested file name, preferring the UTF-8 form', () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E3%82%BF%E3%82%B9%E3%82%AF.xlsx")).toBe('タスク.xlsx');
    expect(fileNameFromDisposition('attachment; filename="tasks.xlsx"')).toBe('tasks.xlsx');
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('fetches a file with the bearer token and hands back its bytes and name', async () => {
    setTokenProvider(() => 'tok');
    const fetchMock = vi.fn().mockResolvedValue(
      new Response('xlsx', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="regular.xlsx"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await api.download('/v2/projects/works/tasks/templates/regular');
    expect(file.fileName).toBe('regular.xlsx');
    expect(await file.blob.text()).toBe('xlsx');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v2/projects/works/tasks/templates/regular');
    expect(init.headers.Authorization).toBe('Bearer tok');
  });
});
