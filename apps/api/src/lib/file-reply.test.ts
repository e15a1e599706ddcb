import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentDisposition, sendFile, sendStoredFile } from './file-reply.js';

describe('file replies (issue 23 item 7)', () => {
  it('a plain ASCII name is given as it is', () => {
    expect(contentDisposition('inline', 'boleto-12.pdf')).toBe('inline; filename="boleto-12.pdf"');
    expect(contentDisposition('attachment', 'Tutorial_do_Processo_Digital.pdf')).toBe('attachment; filename="Tutorial_do_Processo_Digital.pdf"');
  });

  it('accents get an ASCII fallback and the UTF-8 name (RFC 5987); quotes and control characters never pass', () => {
    expect(contentDisposition('inline', 'declaração de saúde.pdf')).toBe(
      `inline; filename="declaracao de saude.pdf"; filename*=UTF-8''declara%C3%A7%C3%A3o%20de%20sa%C3%BAde.pdf`,
    );
    expect(contentDisposition('attachment', 'a"b\\c\r\nd.pdf')).toBe(`attachment; filename="a_b_c__d.pdf"; filename*=UTF-8''a%22b%5Cc%0D%0Ad.pdf`);
    expect(contentDisposition('inline', "o'(x)*.pdf")).toBe(`inline; filename="o'(x)*.pdf"`);
    expect(contentDisposition('inline', "ç'(x).pdf")).toBe(`inline; filename="c'(x).pdf"; filename*=UTF-8''%C3%A7%27%28x%29.pdf`);
  });

  it('sends type, length, disposition, cache and nosniff with the bytes; a stream with its stored size', async () => {
    const app = Fastify();
    app.get('/pdf', (_request, reply) => sendFile(reply, new Uint8Array([37, 80, 68, 70]), { type: 'application/pdf', name: 'extrato.pdf' }));
    app.get('/stream', (_request, reply) =>
      sendFile(reply, Readable.from([Buffer.from('abc')]), { type: 'image/jpeg', name: 'foto.jpg', disposition: 'attachment', size: 3 }),
    );
    app.get('/img', (_request, reply) => sendFile(reply, Buffer.from('xy'), { type: 'image/png', cache: 'private, max-age=600' }));
    const pdf = await app.inject('/pdf');
    expect(pdf.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '4',
      'content-disposition': 'inline; filename="extrato.pdf"',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(pdf.body).toBe('%PDF');
    const stream = await app.inject('/stream');
    expect(stream.headers).toMatchObject({ 'content-length': '3', 'content-disposition': 'attachment; filename="foto.jpg"' });
    expect(stream.body).toBe('abc');
    const img = await app.inject('/img');
    expect(img.headers['content-disposition']).toBeUndefined();
    expect(img.headers['cache-control']).toBe('private, max-age=600');
    await app.close();
  });

  it('sendStoredFile opens a stored file and sends it with its type, name and stored size (process PDFs, job downloads)', async () => {
    const app = Fastify();
    const file = { name: 'relatório.csv', mimeType: 'text/csv', size: 5, storageKey: 'k1' };
    const opened: string[] = [];
    const open = async (f: typeof file) => {
      opened.push(f.storageKey);
      return Readable.from([Buffer.from('a;b\n1')]);
    };
    app.get('/pdf', (_request, reply) => sendStoredFile(reply, open, file));
    app.get('/download', (_request, reply) => sendStoredFile(reply, open, file, { disposition: 'attachment' }));
    const shown = await app.inject('/pdf');
    expect(shown.headers).toMatchObject({
      'content-type': 'text/csv',
      'content-length': '5',
      'content-disposition': `inline; filename="relatorio.csv"; filename*=UTF-8''relat%C3%B3rio.csv`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(shown.body).toBe('a;b\n1');
    const saved = await app.inject('/download');
    expect(saved.headers['content-disposition']).toBe(`attachment; filename="relatorio.csv"; filename*=UTF-8''relat%C3%B3rio.csv`);
    expect(opened).toEqual(['k1', 'k1']);
    await app.close();
  });
});
