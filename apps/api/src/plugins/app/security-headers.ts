import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Helmet's security headers (CSP, nosniff, HSTS, frame and referrer policies…), computed once at start-up
 * and set on every reply. (@fastify/helmet rebuilds the helmet middleware for each request, a
 * measurable share of a search reply; the headers never change here, since we use no CSP nonces.)
 * Every /api/v1 reply also gets `Cache-Control: no-store`.
 */
export default fp<{ helmet: HelmetOptions }>(
  async (app, opts) => {
    const headers: Record<string, string> = {};
    const recorder = {
      setHeader: (name: string, value: string | number | readonly string[]) => {
        headers[name.toLowerCase()] = String(value);
      },
      removeHeader: () => {},
      getHeader: () => undefined,
    } as unknown as ServerResponse;
    helmet(opts.helmet)({} as IncomingMessage, recorder, () => {});
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      // API replies carry personal data and session state: never kept by the browser or a proxy (issue 8 §7).
      if (request.url.startsWith('/api/v1')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
