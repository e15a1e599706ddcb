import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { TUTORIAL_FILE_NAME, toolsMessages } from '@assoc/domain';
import { createTestApp, createUser, signIn, signedInAs, TEST_PASSWORD, type TestContext } from '../../../test/helper.js';
import { totpSetups, users } from '../../db/schema/index.js';
import { inline, markdownToPdfContent } from './tutorial.markdown.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestApp(); });
afterAll(async () => { await ctx.close(); });

const EXTERNAL = '203.0.113.7';
const pendingSecret = async (userId: number) => (await ctx.db.select().from(totpSetups).where(eq(totpSetups.userId, userId)))[0]?.secret;
const activeSecret = async (userId: number) => (await ctx.db.select({ s: users.totpSecret }).from(users).where(eq(users.userId, userId)))[0]?.s ?? null;
const externalSignIn = (cpf: string, code = '') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/login', remoteAddress: EXTERNAL, payload: { username: cpf, password: TEST_PASSWORD, code } });

describe('Ferramentas → Acesso externo (GET gettoken, POST gettoken/confirm)', () => {
  it('answers the QR image of a new secret, kept pending while the active one stays', async () => {
    const old = generateSecret();
    const user = await createUser(ctx, { roles: ['v2access'], totpSecret: old });
    const client = await signIn(ctx, user.cpf);

    const res = await client.get('/api/v1/gettoken');
    expect(res.statusCode).toBe(200);
    const { imageurl } = res.json();
    expect(imageurl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(imageurl.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    const pending = await pendingSecret(user.userId);
    expect(pending).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await activeSecret(user.userId)).toBe(old);

    // A second "Gerar Código" replaces the unfinished set-up.
    await client.get('/api/v1/gettoken');
    expect(await pendingSecret(user.userId)).not.toBe(pending);
  });

  it('activates the secret only after a right code; a wrong code changes nothing', async () => {
    const user = await createUser(ctx, { roles: ['v2menuusuario'], fnAllowExternal: true });
    const client = await signIn(ctx, user.cpf);

    const early = await client.post('/api/v1/gettoken/confirm', { code: '123456' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(toolsMessages.noPendingSetup);

    await client.get('/api/v1/gettoken');
    const secret = (await pendingSecret(user.userId))!;
    const right = await generate({ secret });
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');

    const refused = await client.post('/api/v1/gettoken/confirm', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(toolsMessages.invalidCode);
    expect(await activeSecret(user.userId)).toBeNull();

    const badShape = await client.post('/api/v1/gettoken/confirm', { code: '12ab' });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().message).toBe('code: Informe os 6 dígitos do aplicativo');

    const ok = await client.post('/api/v1/gettoken/confirm', { code: right });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(toolsMessages.codeActivated);
    expect(await activeSecret(user.userId)).toBe(secret);
    expect(await pendingSecret(user.userId)).toBeUndefined();
  });

  it('an old unfinished set-up cannot be confirmed', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    await client.get('/api/v1/gettoken');
    const secret = (await pendingSecret(user.userId))!;
    await ctx.db.update(totpSetups).set({ createdAt: sql`now() - interval '31 minutes'` }).where(eq(totpSetups.userId, user.userId));
    const res = await client.post('/api/v1/gettoken/confirm', { code: await generate({ secret }) });
    expect(res.json().message).toBe(toolsMessages.noPendingSetup);
    expect(await activeSecret(user.userId)).toBeNull();
  });

  it('after set-up, a sign-in from outside answers requirecode, then accepts the code (decision 3)', async () => {
    const user = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true });
    // Before set-up the outside sign-in is refused with the explanation.
    const before = await externalSignIn(user.cpf);
    expect(before.statusCode).toBe(403);

    const client = await signIn(ctx, user.cpf);
    await client.get('/api/v1/gettoken');
    const secret = (await pendingSecret(user.userId))!;
    expect((await client.post('/api/v1/gettoken/confirm', { code: await generate({ secret }) })).statusCode).toBe(200);

    const first = await externalSignIn(user.cpf);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 200, data: 'requirecode' });

    const current = await generate({ secret });
    const wrong = await externalSignIn(user.cpf, String((Number(current) + 1) % 1_000_000).padStart(6, '0'));
    expect(wrong.statusCode).toBe(401);

    const signedIn = await externalSignIn(user.cpf, await generate({ secret }));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).not.toBe('requirecode');
    expect((signedIn.cookies as { name: string }[]).some((c) => c.name === 'assoc_sid')).toBe(true);
  });

  it('refuses users without v2menuusuario or v2access (403) and anonymous calls (401)', async () => {
    const { client } = await signedInAs(ctx, ['v2portal']);
    for (const res of [await client.get('/api/v1/gettoken'), await client.post('/api/v1/gettoken/confirm', { code: '123456' }), await client.get('/api/v1/tutorial')]) {
      expect(res.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/gettoken' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/tutorial' })).statusCode).toBe(401);
  });
});

describe('GET tutorial', () => {
  it('downloads Tutorial_do_Processo_Digital.pdf rendered from docs/user-guide/tutorial.md', async () => {
    const { client } = await signedInAs(ctx, ['v2menuusuario']);
    const res = await client.get('/api/v1/tutorial');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${TUTORIAL_FILE_NAME}"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(20_000);
    expect(pdf.toString('latin1')).toMatch(/\/Count [2-9]/);
    expect(pdf.toString('latin1')).toContain('Tutorial do Processo Digital');
  });

  it('turns the guide\'s Markdown into pdfmake content', () => {
    const content = markdownToPdfContent('# Título\n\nUm parágrafo\ncontinua aqui.\n\n## Seção\n\n- item **forte**\n- outro\n\n1. primeiro\n2. segundo\n\n> nota *leve*\n\n---\n');
    expect(content).toEqual([
      { text: 'Título', style: 'h1' },
      { text: 'Um parágrafo continua aqui.', style: 'paragraph' },
      { text: 'Seção', style: 'h2', headlineLevel: 1 },
      { ul: [{ text: ['item ', { text: 'forte', bold: true }], margin: [0, 0, 0, 3] }, { text: 'outro', margin: [0, 0, 0, 3] }], style: 'list' },
      { ol: [{ text: 'primeiro', margin: [0, 0, 0, 3] }, { text: 'segundo', margin: [0, 0, 0, 3] }], style: 'list' },
      { text: ['nota ', { text: 'leve', italics: true }], style: 'note' },
      expect.objectContaining({ canvas: expect.any(Array) }),
    ]);
    expect(inline('use `Ferramentas` agora')).toEqual(['use ', { text: 'Ferramentas', color: '#364fc7' }, ' agora']);
  });
});
