import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestApp, type TestContext } from './helper.js';

// Issue 10 §7: the built web app goes out precompressed, hashed assets cached for good, index.html revalidated.
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let ctx: TestContext;
let web: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  const files: Record<string, string> = {
    'index.html': INDEX,
    'assets/index-Ab12Cd34.js': SCRIPT,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(root, name), text);
  // What scripts/build.mjs writes next to the built files.
  for (const name of ['index.html', 'assets/index-Ab12Cd34.js']) {
    fs.writeFileSync(path.join(root, `${name}.br`), zlib.brotliCompressSync(files[name]!));
    fs.writeFileSync(path.join(root, `${name}.gz`), zlib.gzipSync(files[name]!));
  }
  ctx = await createTestApp();
  web = await buildApp({ config: ctx.config, db: ctx.db, pool: ctx.pool, webRoot: root });
  await web.ready();
});
afterAll(async () => {
  await web?.close();
  await ctx?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('static files of the web app', () => {
  it('serves a hashed asset brotli-compressed when accepted, cached for a year as immutable', async () => {
    const res = await web.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file, keeping the same caching', async () => {
    const gz = await web.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await web.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves index.html (at /, by name and for client-side routes) compressed and revalidated on every use', async () => {
    for (const url of ['/', '/index.html', '/cadastro/pessoas']) {
      const res = await web.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('files outside assets/ (not hashed) are revalidated too; API paths stay 404', async () => {
    const icon = await web.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');

    const api = await web.inject({ method: 'GET', url: '/api/v1/nada' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Recurso não encontrado' });
  });
});
