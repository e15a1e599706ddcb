import { afterEach, describe, expect, it, vi } from 'vitest';
import { genericMessages, sessionMessages } from '@assoc/domain';
import { apiUpload, type ApiError } from './api';

/** What apiUpload throws for a reply, given how the feature reads its failures. */
async function failureOf(reply: Response | Error, failure?: Parameters<typeof apiUpload>[2]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => (reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply))),
  );
  return apiUpload('user/doc', new FormData(), failure).then(
    () => undefined,
    (error: ApiError) => ({ status: error.status, message: error.message }),
  );
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiUpload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the form with the XSRF header and answers the reply', async () => {
    document.cookie = 'XSRF-TOKEN=abc';
    const fetch = vi.fn(() => Promise.resolve(json(200, { key: 'k1' })));
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    await expect(apiUpload('user/doc', form)).resolves.toEqual({ key: 'k1' });
    expect(fetch).toHaveBeenCalledWith('/api/v1/user/doc', expect.objectContaining({ method: 'POST', body: form }));
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'X-XSRF-TOKEN': 'abc' });
  });

  it("by default shows the server's message, else the generic one; no answer is 'server down'", async () => {
    expect(await failureOf(json(415, { message: 'Tipo não permitido' }))).toEqual({ status: 415, message: 'Tipo não permitido' });
    expect(await failureOf(json(500, {}))).toEqual({ status: 500, message: genericMessages.requestFailed });
    expect(await failureOf(new TypeError('offline'))).toEqual({ status: 0, message: sessionMessages.serverDown });
  });

  it("a feature's failure message replaces every unexplained one; its explained statuses keep the server's", async () => {
    const failure = { message: 'Falha no envio', explains: (status: number) => status === 413 };
    expect(await failureOf(json(413, { message: 'Arquivo grande demais' }), failure)).toEqual({ status: 413, message: 'Arquivo grande demais' });
    expect(await failureOf(json(500, { message: 'erro interno' }), failure)).toEqual({ status: 500, message: 'Falha no envio' });
    expect(await failureOf(new TypeError('offline'), failure)).toEqual({ status: 0, message: 'Falha no envio' });
  });
});
