import { vi } from 'vitest';

export interface MockReply {
  status?: number;
  body?: unknown;
}

export interface MockRequest {
  method: string;
  /** Path under /api/v1, e.g. 'searchhistory/12'. */
  path: string;
  body: unknown;
  headers: Record<string, string>;
  /** performance.now() when the call was made. */
  at: number;
}

type Route = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

/**
 * Replaces fetch at the HTTP boundary: routes are keyed 'METHOD path' (path under /api/v1).
 * Unknown calls answer 404 like the real server. Returns the vi.fn to inspect calls.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1\//, '');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string> | undefined) ?? {}));
    const request: MockRequest = {
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers,
      at: performance.now(),
    };
    calls.push(request);
    const route = routes[`${method} ${path}`];
    const reply: MockReply =
      route === undefined ? { status: 404, body: { message: 'Recurso não encontrado' } } : typeof route === 'function' ? await route(request) : route;
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** Calls to one 'METHOD path'. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}
