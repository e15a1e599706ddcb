import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { SECURITY_CATEGORY, TUTORIAL_FILE_NAME, loginMessages, toolsMessages, totpSetupMessages, authContracts, toolsContracts } from '@assoc/domain';
import { call, createTestApp, createUser, signIn, signedInAs, TEST_PASSWORD, type TestContext } from '../../../test/helper.js';
import { audits, sessions, totpSetups, users } from '../../db/schema/index.js';
import { totpSecretBox } from '../../lib/secret-box.js';
import { inline, markdownToPdfContent } from './tutorial.markdown.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const EXTERNAL = '203.0.113.7';
const box = () => totpSecretBox(ctx.config);
const storedPending = async (userId: number) => (await ctx.db.select().from(totpSetups).where(eq(totpSetups.userId, userId)))[0]?.secret;
const storedActive = async (userId: number) =>
  (await ctx.db.select({ s: users.totpSecret }).from(users).where(eq(users.userId, userId)))[0]?.s ?? null;
/** The clear base32 secrets, opened with the app's key. */
const pendingSecret = async (userId: number) => {
  const s = await storedPending(userId);
  return s === undefined ? undefined : box().open(s);
};
const activeSecret = async (userId: number) => {
  const s = await storedActive(userId);
  return s === null ? null : box().open(s);
};
/** The code of the step `steps` periods from now (the sign-in accepts ±1 step). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const externalSignIn = (cpf: string, code = '') =>
  call(ctx.app, authContracts.login, { remoteAddress: EXTERNAL, body: { username: cpf, password: TEST_PASSWORD, code } });
/** The user's authenticator events (sign-in events are recorded too, by the sign-in). */
const securityEvents = (userId: number) =>
  ctx.db
    .select()
    .from(audits)
    .where(and(eq(audits.category, SECURITY_CATEGORY), eq(audits.ownerId, userId), inArray(audits.action, ['totp_setup', 'totp_replaced'])))
    .orderBy(audits.auditId);

/** A user who completes the set-up (first authenticator), signed in from inside; returns the clear secret. */
async function userWithAuthenticator() {
  const user = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true });
  const client = await signIn(ctx, user.cpf);
  await call(client, toolsContracts.getToken);
  const secret = (await pendingSecret(user.userId))!;
  const res = await call(client, toolsContracts.confirmToken, { body: { code: await codeAt(secret), password: TEST_PASSWORD } });
  expect(res.status).toBe(200);
  return { user, client, secret };
}

describe('Ferramentas → Acesso externo (GET gettoken, POST gettoken/confirm)', () => {
  it('answers the QR image of a new secret, kept pending (sealed) while the active one stays', async () => {
    const old = generateSecret();
    const user = await createUser(ctx, { roles: ['v2access'], totpSecret: old });
    const client = await signIn(ctx, user.cpf);

    const res = await call(client, toolsContracts.getToken);
    expect(res.status).toBe(200);
    const { imageurl, hasAuthenticator } = res.body;
    expect(hasAuthenticator).toBe(true);
    expect(imageurl).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(imageurl.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');

    const pending = await pendingSecret(user.userId);
    expect(pending).toMatch(/^[A-Z2-7]{16,}$/);
    // Issue 8 §6: the database holds the sealed value, never the base32 secret.
    const stored = (await storedPending(user.userId))!;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(pending);
    expect(await activeSecret(user.userId)).toBe(old);

    // A second "Gerar Código" replaces the unfinished set-up.
    await call(client, toolsContracts.getToken);
    expect(await pendingSecret(user.userId)).not.toBe(pending);

    const { client: fresh } = await signedInAs(ctx, ['v2access']);
    expect((await call(fresh, toolsContracts.getToken)).body.hasAuthenticator).toBe(false);
  });

  it('activates the secret only after the password and a right code; a wrong code changes nothing', async () => {
    const user = await createUser(ctx, { roles: ['v2menuusuario'], fnAllowExternal: true });
    const client = await signIn(ctx, user.cpf);

    const early = await call(client, toolsContracts.confirmToken, { body: { code: '123456', password: TEST_PASSWORD } });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(toolsMessages.noPendingSetup);

    await call(client, toolsContracts.getToken);
    const secret = (await pendingSecret(user.userId))!;
    const right = await codeAt(secret);

    const refused = await call(client, toolsContracts.confirmToken, { body: { code: otherCode(right), password: TEST_PASSWORD } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(toolsMessages.invalidCode);
    expect(await storedActive(user.userId)).toBeNull();

    const badShape = await call(client, toolsContracts.confirmToken, { body: { code: '12ab', password: TEST_PASSWORD } });
    expect(badShape.status).toBe(400);
    expect(badShape.body.message).toBe('code: Informe os 6 dígitos do aplicativo');

    const ok = await call(client, toolsContracts.confirmToken, { body: { code: right, password: TEST_PASSWORD } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(toolsMessages.codeActivated);
    expect(await activeSecret(user.userId)).toBe(secret);
    const stored = (await storedActive(user.userId))!;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    expect(await storedPending(user.userId)).toBeUndefined();

    const [event] = await securityEvents(user.userId);
    expect(event).toMatchObject({ action: 'totp_setup', userId: user.userId, after: { cpf: user.cpf, ip: '127.0.0.1', sessionsEnded: 0 } });
    expect(JSON.stringify(event)).not.toContain(secret);
    expect(JSON.stringify(event)).not.toContain(right);
  });

  it('an old unfinished set-up cannot be confirmed', async () => {
    const user = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, user.cpf);
    await call(client, toolsContracts.getToken);
    const secret = (await pendingSecret(user.userId))!;
    await ctx.db
      .update(totpSetups)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(totpSetups.userId, user.userId));
    const res = await call(client, toolsContracts.confirmToken, { body: { code: await codeAt(secret), password: TEST_PASSWORD } });
    expect(res.body.message).toBe(toolsMessages.noPendingSetup);
    expect(await storedActive(user.userId)).toBeNull();
  });

  it('after set-up, a sign-in from outside answers requirecode, then accepts the code (decision 3)', async () => {
    const user = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true });
    // Before set-up the outside sign-in is refused with the explanation.
    const before = await externalSignIn(user.cpf);
    expect(before.status).toBe(403);

    const client = await signIn(ctx, user.cpf);
    await call(client, toolsContracts.getToken);
    const secret = (await pendingSecret(user.userId))!;
    const confirmCode = await codeAt(secret);
    expect((await call(client, toolsContracts.confirmToken, { body: { code: confirmCode, password: TEST_PASSWORD } })).status).toBe(200);

    const first = await externalSignIn(user.cpf);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 200, data: 'requirecode' });

    const next = await codeAt(secret, 1);
    const wrong = await externalSignIn(user.cpf, otherCode(next));
    expect(wrong.status).toBe(401);
    // The confirmation's code was spent: it cannot sign in.
    expect((await externalSignIn(user.cpf, confirmCode)).status).toBe(401);

    const signedIn = await externalSignIn(user.cpf, next);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).not.toBe('requirecode');
    expect((signedIn.res.cookies as { name: string }[]).some((c) => c.name === 'assoc_sid')).toBe(true);
  });

  it('refuses users without v2menuusuario, v2access or (set-up only) v2portal (403), and anonymous calls (401)', async () => {
    const { client } = await signedInAs(ctx, ['v2search']);
    for (const res of [
      await call(client, toolsContracts.getToken),
      await call(client, toolsContracts.confirmToken, { body: { code: '123456', password: TEST_PASSWORD } }),
      await call(client, toolsContracts.tutorial),
    ]) {
      expect(res.status).toBe(403);
    }
    // Issue 28 item 4: the portal's Segurança sets up the authenticator with these calls; the tutorial stays staff's.
    const { client: portal } = await signedInAs(ctx, ['v2portal']);
    expect((await call(portal, toolsContracts.getToken)).status).toBe(200);
    expect((await call(portal, toolsContracts.tutorial)).status).toBe(403);
    expect((await call(ctx.app, toolsContracts.getToken)).status).toBe(401);
    expect((await call(ctx.app, toolsContracts.tutorial)).status).toBe(401);
  });
});

describe('replacing the authenticator (issue 8 §6)', () => {
  it('needs the current password and the current code; without them nothing changes', async () => {
    const { user, client, secret: old } = await userWithAuthenticator();
    const storedBefore = await storedActive(user.userId);
    await call(client, toolsContracts.getToken);
    const secret = (await pendingSecret(user.userId))!;
    const code = await codeAt(secret);
    const current = await codeAt(old, 1);

    const noPassword = await call(client, toolsContracts.confirmToken, { rawBody: { code, currentCode: current } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe(`password: ${totpSetupMessages.passwordRequired}`);

    const wrongPassword = await call(client, toolsContracts.confirmToken, { body: { code, currentCode: current, password: 'Outra#Senha-99' } });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.body.message).toBe(totpSetupMessages.wrongPassword);

    const noCurrent = await call(client, toolsContracts.confirmToken, { body: { code, password: TEST_PASSWORD } });
    expect(noCurrent.status).toBe(400);
    expect(noCurrent.body.message).toBe(totpSetupMessages.currentCodeRequired);

    const wrongCurrent = await call(client, toolsContracts.confirmToken, {
      body: { code, password: TEST_PASSWORD, currentCode: otherCode(current) },
    });
    expect(wrongCurrent.status).toBe(403);
    expect(wrongCurrent.body.message).toBe(totpSetupMessages.wrongCurrentCode);

    expect(await storedActive(user.userId)).toBe(storedBefore);
    expect(await pendingSecret(user.userId)).toBe(secret);
    expect((await securityEvents(user.userId)).map((e) => e.action)).toEqual(['totp_setup']);
  });

  it("with them, activates the new secret, ends the user's other sessions and keeps this one", async () => {
    const { user, client, secret: old } = await userWithAuthenticator();
    const other = await signIn(ctx, user.cpf);
    const stranger = await signedInAs(ctx, ['v2access']);
    await call(client, toolsContracts.getToken);
    const secret = (await pendingSecret(user.userId))!;

    const res = await call(client, toolsContracts.confirmToken, {
      body: {
        code: await codeAt(secret, 1),
        password: TEST_PASSWORD,
        currentCode: await codeAt(old, 1),
      },
    });
    expect(res.status).toBe(200);
    expect(await activeSecret(user.userId)).toBe(secret);

    expect((await call(other, authContracts.ping)).status).toBe(401);
    expect((await call(client, authContracts.ping)).status).toBe(200);
    expect((await call(stranger.client, authContracts.ping)).status).toBe(200);
    const open = await ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.userId), isNull(sessions.revokedAt)));
    expect(open).toHaveLength(1);

    const events = await securityEvents(user.userId);
    expect(events.map((e) => e.action)).toEqual(['totp_setup', 'totp_replaced']);
    expect(events[1]).toMatchObject({ userId: user.userId, after: { sessionsEnded: 1 } });

    // A minute later the old authenticator no longer signs in and the new one does (the confirmation spent its step).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    try {
      expect((await externalSignIn(user.cpf, await codeAt(old))).status).toBe(401);
      expect((await externalSignIn(user.cpf, await codeAt(secret))).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a current code already used to sign in (replay)', async () => {
    const { user, client, secret: old } = await userWithAuthenticator();
    const used = await codeAt(old, 1);
    expect((await externalSignIn(user.cpf, used)).status).toBe(200);
    await call(client, toolsContracts.getToken);
    const secret = (await pendingSecret(user.userId))!;
    const res = await call(client, toolsContracts.confirmToken, {
      body: { code: await codeAt(secret, 1), password: TEST_PASSWORD, currentCode: used },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(totpSetupMessages.wrongCurrentCode);
    expect(await activeSecret(user.userId)).toBe(old);
  });

  it('after 5 wrong passwords the session that guesses is ended', async () => {
    const { user, client } = await userWithAuthenticator();
    await call(client, toolsContracts.getToken);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(client, toolsContracts.confirmToken, { body: { code: '123456', currentCode: '123456', password: `Errada#${i}-xyz` } }),
      ),
    );
    const statuses = guesses.map((g) => g.status).sort();
    expect(statuses.filter((s) => s === 403).length).toBeLessThanOrEqual(4);
    // The guess that reaches the limit ends the session; the ones still in flight then meet an ended session (401)
    // or a discarded set-up (400), in whatever order the parallel requests land.
    expect(
      statuses.every((s) => s === 400 || s === 401 || s === 403),
      statuses.join(),
    ).toBe(true);
    expect(guesses.some((g) => g.status === 401 && g.error.message === totpSetupMessages.tooManyFailures)).toBe(true);
    expect((await call(client, authContracts.ping)).status).toBe(401);
    expect(await storedPending(user.userId)).toBeUndefined();
  });
});

describe('TOTP at sign-in (issue 8 §6)', () => {
  it('a code signs in once: the same code again, or an older one, is refused as an invalid code', async () => {
    const { user, secret } = await userWithAuthenticator();
    const code = await codeAt(secret, 1);
    expect((await externalSignIn(user.cpf, code)).status).toBe(200);
    const replay = await externalSignIn(user.cpf, code);
    expect(replay.status).toBe(401);
    expect(replay.error.message).toBe(loginMessages.invalidCode);
    // An older step than the last one used is refused too.
    expect((await externalSignIn(user.cpf, await codeAt(secret, 0))).status).toBe(401);
  });

  it('two parallel sign-ins with the same code: exactly one succeeds', async () => {
    const { user, secret } = await userWithAuthenticator();
    const code = await codeAt(secret, 1);
    const answers = await Promise.all([externalSignIn(user.cpf, code), externalSignIn(user.cpf, code), externalSignIn(user.cpf, code)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 401, 401]);
  });

  it('a secret stored in clear text before encryption still signs in, and is sealed at the next start', async () => {
    const secret = generateSecret();
    const user = await createUser(ctx, { roles: ['v2access'], fnAllowExternal: true, totpSecret: secret });
    expect(await storedActive(user.userId)).toBe(secret);
    expect((await externalSignIn(user.cpf, await codeAt(secret))).status).toBe(200);

    const second = await createTestApp({}, { database: ctx.database });
    try {
      const stored = (await storedActive(user.userId))!;
      expect(stored).toMatch(/^v1:/);
      expect(box().open(stored)).toBe(secret);
    } finally {
      await second.close();
    }
    expect((await externalSignIn(user.cpf, await codeAt(secret, 1))).status).toBe(200);
  });
});

describe('GET tutorial', () => {
  it('downloads Tutorial_do_Processo_Digital.pdf rendered from docs/user-guide/tutorial.md', async () => {
    const { client } = await signedInAs(ctx, ['v2menuusuario']);
    const res = await call(client, toolsContracts.tutorial);
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toBe('application/pdf');
    expect(res.res.headers['content-disposition']).toBe(`attachment; filename="${TUTORIAL_FILE_NAME}"`);
    const pdf = res.body;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(20_000);
    expect(pdf.toString('latin1')).toMatch(/\/Count [2-9]/);
    expect(pdf.toString('latin1')).toContain('Tutorial do Processo Digital');
  });

  it("turns the guide's Markdown into pdfmake content", () => {
    const content = markdownToPdfContent(
      '# Título\n\nUm parágrafo\ncontinua aqui.\n\n## Seção\n\n- item **forte**\n- outro\n\n1. primeiro\n2. segundo\n\n> nota *leve*\n\n---\n',
    );
    expect(content).toEqual([
      { text: 'Título', style: 'h1' },
      { text: 'Um parágrafo continua aqui.', style: 'paragraph' },
      { text: 'Seção', style: 'h2', headlineLevel: 1 },
      {
        ul: [
          { text: ['item ', { text: 'forte', bold: true }], margin: [0, 0, 0, 3] },
          { text: 'outro', margin: [0, 0, 0, 3] },
        ],
        style: 'list',
      },
      {
        ol: [
          { text: 'primeiro', margin: [0, 0, 0, 3] },
          { text: 'segundo', margin: [0, 0, 0, 3] },
        ],
        style: 'list',
      },
      { text: ['nota ', { text: 'leve', italics: true }], style: 'note' },
      expect.objectContaining({ canvas: expect.any(Array) }),
    ]);
    expect(inline('use `Ferramentas` agora')).toEqual(['use ', { text: 'Ferramentas', color: '#364fc7' }, ' agora']);
  });
});
