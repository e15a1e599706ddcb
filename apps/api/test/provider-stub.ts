import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stub received, as the provider would have seen it. */
export interface StubRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface StubAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ProviderStub {
  /** http://127.0.0.1:port — the provider's base URL for the adapter. */
  url: string;
  requests: StubRequest[];
  /** Answers to give, in order, before falling back to the default one. */
  answer(...answers: StubAnswer[]): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server speaking a provider's API (tests of the SMS and WhatsApp adapters): it records each request
 * and answers from a script, then with `fallback(request, n)` (the provider's success answer).
 */
export async function startProviderStub(fallback: (request: StubRequest, n: number) => StubAnswer): Promise<ProviderStub> {
  const requests: StubRequest[] = [];
  const script: StubAnswer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* kept as text */
      }
      const request: StubRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      const answer = script.shift() ?? fallback(request, requests.length);
      res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (...answers) => script.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
