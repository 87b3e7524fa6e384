/** A fake `/api` for store and page tests: routes by "METHOD /path" (query ignored), records every call. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> } | ((call: Call) => { status?: number; body?: unknown; headers?: Record<string, string> });

export function mockApi(routes: Record<string, Answer>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (!route) return new Response(JSON.stringify({ error: { message: 'not found' } }), { status: 404 });
    const answer = typeof route === 'function' ? route(call) : route;
    const status = answer.status ?? 200;
    const payload = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : payload, { status, headers: answer.headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', fakeXhrOver(fetchMock));
  return { calls, fetchMock, called: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

/** Uploads with progress go through XMLHttpRequest: this one answers from the same routes, reporting the upload as sent in one step. */
function fakeXhrOver(fetchMock: (input: string, init?: RequestInit) => Promise<Response>) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private answerHeaders = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return this.answerHeaders;
    }
    send(body: BodyInit | null) {
      void fetchMock(this.url, { method: this.method, headers: this.headers, body }).then(async (response) => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        this.status = response.status;
        this.responseText = await response.text();
        this.answerHeaders = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\r\n');
        this.onload?.();
      });
    }
  };
}
