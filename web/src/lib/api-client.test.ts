import { api, buildQuery, setFailureListener, setTokenProvider } from './api-client';
import { ApiError, ForbiddenError, MaintenanceError, MethodNotAllowedError, NetworkError, NotFoundError, ServerError, UnauthorizedError, ValidationError, type AppError } from './errors';

function respond(status: number, body?: unknown) {
  const fetchMock = vi.fn().mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenProvider(() => null);
  setFailureListener(() => {});
});

describe('buildQuery', () => {
  it('writes arrays as key[] and skips empty values except false', () => {
    expect(buildQuery({ status: ['applying', 'under_acceptance'], page: 2, q: '', none: null, archived: false, userId: 3 })).toBe(
      '?status%5B%5D=applying&status%5B%5D=under_acceptance&page=2&archived=false&user_id=3',
    );
    expect(buildQuery({})).toBe('');
  });
});

describe('api client', () => {
  it('sends the bearer token and snake_case JSON, and reads camelCase', async () => {
    setTokenProvider(() => 'tok');
    const fetchMock = respond(200, { user_name: '山田 花子' });
    const answer = await api.post<{ userName: string }>('/users/login', { mailAddress: 'a@b.jp' });
    expect(answer.userName).toBe('山田 花子');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/users/login');
    expect(init.headers.Authorization).toBe('Bearer tok');
    expect(JSON.parse(init.body)).toEqual({ mail_address: 'a@b.jp' });
  });

  it('returns nothing for 204', async () => {
    respond(204);
    await expect(api.delete('/admin/maintenance')).resolves.toBeUndefined();
  });

  it.each([
    [401, UnauthorizedError, 'ログインが必要です'],
    [403, ForbiddenError, 'アクセスが許可されていません'],
    [404, NotFoundError, 'お探しのデータは存在しません'],
    [405, MethodNotAllowedError, '許可されていないアクセス方法です'],
    [500, ServerError, 'サーバーエラーが発生しました'],
    [503, ApiError, 'エラーが発生しました。'],
  ])('maps %i to its error class with a Japanese label', async (status, errorClass, message) => {
    respond(status, {});
    const failure = api.get('/x');
    await expect(failure).rejects.toBeInstanceOf(errorClass);
    await expect(failure).rejects.toHaveProperty('message', message);
  });

  it('shows the message of a failed service behind the API (502), never that of an internal error', async () => {
    respond(502, { error: { message: 'SFからのデータ取得に失敗しました。' } });
    await expect(api.get('/crm/order/1/unit_pricing')).rejects.toHaveProperty('message', 'SFからのデータ取得に失敗しました。');
    respond(500, { error: { message: 'relation "tasks" does not exist' } });
    await expect(api.get('/x')).rejects.toHaveProperty('message', 'サーバーエラーが発生しました');
  });

  it('keeps validation rules and turns any jwt rule into the expired-URL message', async () => {
    respond(422, { error: { message: '入力内容に誤りがあります。', rules: { password: ['min:8'] } } });
    const error = (await api.post('/x').catch((e) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.rules).toEqual({ password: ['min:8'] });
    respond(422, { error: { message: 'x', rules: { token: ['jwt'] } } });
    await expect(api.post('/x')).rejects.toHaveProperty('message', 'URLの有効期限が切れているか、無効です');
  });

  it('recognises maintenance and tells the failure listener', async () => {
    const seen: AppError[] = [];
    setFailureListener((e) => seen.push(e));
    respond(503, { error: { message: '作業中', start_datetime: '2026-11-22T01:00:00Z', end_datetime: '2026-11-22T03:00:00Z' } });
    const error = (await api.get('/users/whoami').catch((e) => e)) as MaintenanceError;
    expect(error).toBeInstanceOf(MaintenanceError);
    expect(error.startDatetime).toBe('2026-11-22T01:00:00Z');
    expect(seen).toEqual([error]);
    expect(error.showInBanner).toBe(false);
  });

  it('fails as a network error while offline or when fetch cannot connect', async () => {
    const fetchMock = respond(200, {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValueOnce(false);
    await expect(api.get('/x')).rejects.toBeInstanceOf(NetworkError);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/x')).rejects.toHaveProperty('message', 'ネットワークエラー');
  });

  it('leaves a refusal the page shows out of the banner, but not other failures', async () => {
    const reported: AppError[] = [];
    setFailureListener((error) => reported.push(error));
    respond(403, { error: { message: 'アクセスが許可されていません。' } });
    await expect(api.get('/channels/3', undefined, { quietRefusal: true })).rejects.toBeInstanceOf(ForbiddenError);
    respond(404, {});
    await expect(api.get('/channels/4', undefined, { quietRefusal: true })).rejects.toBeInstanceOf(NotFoundError);
    expect(reported).toEqual([]);
    respond(500, {});
    await expect(api.get('/channels/5', undefined, { quietRefusal: true })).rejects.toBeInstanceOf(ServerError);
    expect(reported).toHaveLength(1);
  });

  it('uploads through XHR when progress is asked for, answering like any call', async () => {
    const progress: number[] = [];
    const sent: { method: string; url: string; headers: Record<string, string> }[] = [];
    class Xhr {
      status = 0;
      responseText = '';
      upload = { onprogress: null as null | ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) };
      onload: null | (() => void) = null;
      private request = { method: '', url: '', headers: {} as Record<string, string> };
      open(method: string, url: string) {
        Object.assign(this.request, { method, url });
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      getAllResponseHeaders() {
        return 'content-type: application/json\r\n';
      }
      send() {
        sent.push(this.request);
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = 201;
        this.responseText = JSON.stringify({ id: 9, anti_virus_check_scan_status: 'scanning' });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', Xhr);
    setTokenProvider(() => 'tok');
    const form = new FormData();
    const answer = await api.upload<{ id: number; antiVirusCheckScanStatus: string }>('/files', form, (ratio) => progress.push(ratio));
    expect(answer).toEqual({ id: 9, antiVirusCheckScanStatus: 'scanning' });
    expect(progress).toEqual([0.5, 1]);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/files', headers: { Authorization: 'Bearer tok' } });
  });
});

