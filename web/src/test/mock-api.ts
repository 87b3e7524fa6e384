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
  return { calls, fetchMock, called: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}
