import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dataMessages, jobsContracts, mailContracts, memberContracts, passwordResetContracts } from '@assoc/domain';
import { call, createMember, createTestApp, createUser, signedInAs, type TestContext } from '../../../test/helper.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { within } from '../../../test/barriers.js';
import { migrationsFolder } from '../../db/client.js';
import { fileLinks, outbox, users } from '../../db/schema/index.js';
import { attachmentMissing, createMailWorker, resolveSecrets, retryDelaySeconds } from './mail.worker.js';
import { enqueueEmail } from './mail.repository.js';

const rowOf = async (ctx: TestContext, id: number) => (await ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
/**
 * The backoff has passed: the row's next attempt moved to now (the worker compares it with the database's clock,
 * which fake timers cannot move), instead of sleeping for the backoff and hoping the machine kept up.
 */
const backoffPassed = (ctx: TestContext, id: number) => ctx.db.execute(sql`update outbox set next_attempt_at = now() where id = ${id}`);

describe('outbox worker over a real SMTP server', () => {
  let smtp: TestSmtp;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    // A long poll: the test drives the rounds itself.
    ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: 600_000, MAIL_FROM: 'Associação <nao-responda@assoc.test>' });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('sends a pending e-mail written in a transaction and records it as sent', async () => {
    const id = await ctx.db.transaction((tx) =>
      enqueueEmail(tx, {
        to: 'fulano@exemplo.com.br',
        subject: 'Extrato de março',
        text: 'Olá, segue o extrato.\nAtenciosamente.',
        html: '<p>Olá</p>',
      }),
    );
    expect((await rowOf(ctx, id)).status).toBe('pending');

    expect(await ctx.app.mailWorker.runOnce()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['fulano@exemplo.com.br']);
    expect(mail!.from).toBe('nao-responda@assoc.test');
    expect(mail!.subject).toBe('Extrato de março');
    expect(mail!.text).toContain('Olá, segue o extrato.');

    const row = await rowOf(ctx, id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(row.sentAt).not.toBeNull();
    expect(await ctx.app.mailWorker.runOnce()).toBe(0);
  });

  it('an e-mail of a rolled-back transaction is never sent', async () => {
    const before = smtp.messages.length;
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: 'nunca@exemplo.com.br', subject: 'Nunca', text: 'x' });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    await ctx.app.mailWorker.runOnce();
    expect(smtp.messages.length).toBe(before);
  });

  it('two workers (two API instances) never send the same e-mail twice', async () => {
    const before = smtp.messages.length;
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await enqueueEmail(ctx.db, { to: `lote${i}@exemplo.com.br`, subject: `Lote ${i}`, text: 'x' }));
    const other = createMailWorker({ db: ctx.db, config: ctx.config, log: ctx.app.log, store: ctx.app.services.files.store });
    try {
      await Promise.all([ctx.app.mailWorker.runOnce(), other.runOnce(), ctx.app.mailWorker.runOnce(), other.runOnce()]);
      while ((await ctx.app.mailWorker.runOnce()) + (await other.runOnce()) > 0) {
        /* drain */
      }
    } finally {
      await other.stop();
    }
    const received = smtp.messages.slice(before).flatMap((m) => m.to);
    expect(received).toHaveLength(30);
    expect(new Set(received).size).toBe(30);
    const rows = await ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.id} in ${ids}`);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it("takes back an e-mail left 'sending' by a worker that died once its claim lapses", async () => {
    const id = await enqueueEmail(ctx.db, { to: 'orfao@exemplo.com.br', subject: 'Órfão', text: 'x' });
    await ctx.db
      .update(outbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() + interval '5 minutes'` })
      .where(eq(outbox.id, id));
    await ctx.app.mailWorker.runOnce();
    expect((await rowOf(ctx, id)).status).toBe('sending');

    await ctx.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    await ctx.app.mailWorker.runOnce();
    const row = await rowOf(ctx, id);
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
  });
});

describe('outbox worker retries', () => {
  let smtp: TestSmtp;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startTestSmtp({ reject: { code: 451, message: 'Caixa temporariamente indisponível' } });
    ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: 600_000, MAIL_MAX_ATTEMPTS: 3, MAIL_RETRY_SECONDS: 0.2 });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('backs off between attempts and records the final failure after the last one', async () => {
    const id = await enqueueEmail(ctx.db, { to: 'recusado@exemplo.com.br', subject: 'Recusado', text: 'x' });

    await ctx.app.mailWorker.runOnce();
    let row = await rowOf(ctx, id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('Caixa temporariamente indisponível');
    // Not due before the backoff has passed.
    expect(await ctx.app.mailWorker.runOnce()).toBe(0);

    await backoffPassed(ctx, id);
    await ctx.app.mailWorker.runOnce();
    row = await rowOf(ctx, id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(2);
    // The wait doubles: 0.4 s after the second attempt.
    expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(250);

    await backoffPassed(ctx, id);
    await ctx.app.mailWorker.runOnce();
    row = await rowOf(ctx, id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toContain('451');
    expect(row.sentAt).toBeNull();

    // A failed row is never retried, even once due.
    await backoffPassed(ctx, id);
    expect(await ctx.app.mailWorker.runOnce()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });

  it('doubles the wait per attempt, capped at six hours', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds({ MAIL_RETRY_SECONDS: 30 }, n))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds({ MAIL_RETRY_SECONDS: 30 }, 40)).toBe(6 * 3600);
  });
});

describe('outbox worker timer and no SMTP', () => {
  let smtp: TestSmtp;
  afterEach(async () => {
    await smtp?.close();
  });

  it('the timer loop sends pending e-mails on its own', async () => {
    smtp = await startTestSmtp();
    const ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: 50 });
    try {
      await enqueueEmail(ctx.db, { to: 'automatico@exemplo.com.br', subject: 'Automático', text: 'x' });
      const [mail] = await smtp.waitFor(1);
      expect(mail!.subject).toBe('Automático');
    } finally {
      await ctx.close();
    }
  });

  it('without SMTP_URL e-mails stay pending in the outbox', async () => {
    const ctx = await createTestApp({ SMTP_URL: '' });
    try {
      const id = await enqueueEmail(ctx.db, { to: 'parado@exemplo.com.br', subject: 'Parado', text: 'x' });
      expect(await ctx.app.mailWorker.runOnce()).toBe(0);
      const row = await rowOf(ctx, id);
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('GET outbox (superadmin screen)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists newest first, filters by status, pages; refuses everyone but superadmins', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await enqueueEmail(ctx.db, { to: `p${i}@exemplo.com.br`, subject: `Mensagem ${i}`, text: 'x' }));
    await ctx.db.update(outbox).set({ status: 'failed', attempts: 5, lastError: '550 caixa inexistente' }).where(eq(outbox.id, ids[1]!));

    const { client } = await signedInAs(ctx, ['v2access', 'superadmin']);
    const all = (await call(client, mailContracts.outbox)).body;
    expect(all.total).toBe(5);
    expect(all.items.map((i: { subject: string }) => i.subject)).toEqual(['Mensagem 4', 'Mensagem 3', 'Mensagem 2', 'Mensagem 1', 'Mensagem 0']);

    const failed = (await call(client, mailContracts.outbox, { query: { status: 'failed' } })).body;
    expect(failed.total).toBe(1);
    expect(failed.items[0]).toMatchObject({
      to: 'p1@exemplo.com.br',
      status: 'failed',
      attempts: 5,
      lastError: '550 caixa inexistente',
      channel: 'email',
    });

    const page2 = (await call(client, mailContracts.outbox, { query: { page: 2, pageSize: 2 } })).body;
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((i: { subject: string }) => i.subject)).toEqual(['Mensagem 2', 'Mensagem 1']);

    expect((await call(client, mailContracts.outbox, { query: { status: 'lost' } })).status).toBe(400);

    const staff = await signedInAs(ctx, ['v2access', 'admin']);
    expect((await call(staff.client, mailContracts.outbox)).status).toBe(403);
    expect((await call(ctx.app, mailContracts.outbox)).status).toBe(401);
  });
});

describe('security e-mails: no live secret in the outbox (issue 8, finding 9)', () => {
  let smtp: TestSmtp;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: 600_000, PUBLIC_URL: 'https://portal.assoc.test', RESET_CODE_MINUTES: 30 });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  async function requestReset(email: string) {
    const user = await createUser(ctx, { roles: ['v2access'], name: 'Joana Reset' });
    await ctx.db.update(users).set({ email }).where(eq(users.userId, user.userId));
    const res = await call(ctx.app, passwordResetContracts.requestReset, { params: { user: user.cpf } });
    expect(res.status).toBe(200);
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.userId, user.userId));
    return { user, row: row! };
  }

  it('GET outbox shows neither the code nor the link of a reset e-mail, before or after sending; the sent e-mail carries a working link', async () => {
    const { user, row } = await requestReset('joana@exemplo.com.br');
    // The readable text holds a placeholder; the link waits in the secrets column only.
    expect(row.text).toContain(dataMessages.resetLinkPlaceholder);
    expect(row.text).not.toContain('reset?q=');
    expect(row.html).not.toContain('reset?q=');
    expect(row.sensitive).toBe(true);
    expect(Object.values(row.secrets ?? {})[0]).toMatch(/^https:\/\/portal\.assoc\.test\/reset\?q=[A-Za-z0-9_-]{32}$/);
    expect(row.secretsExpireAt!.getTime() - row.createdAt.getTime()).toBeGreaterThan(29 * 60_000);

    const { client } = await signedInAs(ctx, ['v2access', 'superadmin']);
    const pending = (await call(client, mailContracts.outbox)).res.body;
    expect(pending).not.toContain('reset?q=');
    expect(pending).not.toContain('[link');
    const item = JSON.parse(pending).items.find((i: { id: number }) => i.id === row.id);
    expect(item).toMatchObject({
      subject: expect.stringContaining('Redefinição de senha'),
      text: dataMessages.protectedContent,
      sensitive: true,
      status: 'pending',
    });

    await ctx.app.mailWorker.runOnce();
    const [mail] = await smtp.waitFor(1);
    const link = /https:\/\/portal\.assoc\.test\/reset\?q=([A-Za-z0-9_-]{32})/.exec(mail!.text);
    expect(link).not.toBeNull();
    // The HTML part too (quoted-printable: soft line breaks removed): the link in the href and as text.
    const raw = mail!.raw.replace(/=\r?\n/g, '');
    expect(raw.split(link![1]!).length - 1).toBeGreaterThanOrEqual(3);
    expect(raw).not.toContain('[link de redefini');
    // The link works: the code changes the password.
    const changed = await call(ctx.app, passwordResetContracts.changePassword, {
      rawBody: { code: link![1], cpf: user.cpf, password: 'Girassol#Azul-2031' },
    });
    expect(changed.status, changed.res.body).toBe(200);

    const sent = await rowOf(ctx, row.id);
    expect(sent.status).toBe('sent');
    expect(sent.secrets).toBeNull();
    const after = (await call(client, mailContracts.outbox)).res.body;
    expect(after).not.toContain(link![1]);
    expect(after).not.toContain('reset?q=');
  });

  it('migration 0015 moves the link of an older unsent reset e-mail to the secrets and redacts every copy', async () => {
    const link = `https://portal.assoc.test/reset?q=${'A1_-'.repeat(8)}`;
    const old = async (status: 'pending' | 'sent') =>
      (
        await ctx.db
          .insert(outbox)
          .values({
            to: 'antigo@exemplo.com.br',
            subject: 'Redefinição de senha',
            status,
            text: `Olá.\n\n${link}\n\nO endereço vale…`,
            html: `<p><a href="${link}">Clique aqui</a><br>${link}</p>`,
          })
          .returning()
      )[0]!;
    const [pending, sent] = [await old('pending'), await old('sent')];
    const statements = fs.readFileSync(path.join(migrationsFolder, '0015_text_and_outbox.sql'), 'utf8').split('--> statement-breakpoint');
    await ctx.pool.query(statements.at(-1)!);
    const [p, s] = [await rowOf(ctx, pending.id), await rowOf(ctx, sent.id)];
    for (const row of [p, s]) {
      expect(row.sensitive).toBe(true);
      expect(`${row.text}${row.html}`).not.toContain('reset?q=');
      expect(row.text).toContain(dataMessages.resetLinkPlaceholder);
    }
    expect(p.secrets).toEqual({ [dataMessages.resetLinkPlaceholder]: link });
    expect(s.secrets).toBeNull();
    expect(resolveSecrets(p).html).toBe(`<p><a href="${link}">Clique aqui</a><br>${link}</p>`);
    await ctx.db.delete(outbox).where(sql`${outbox.id} in ${[p.id, s.id]}`);
  });

  it('an e-mail whose secret expired before sending fails for good and forgets the secret', async () => {
    const { row } = await requestReset('tarde@exemplo.com.br');
    await ctx.db
      .update(outbox)
      .set({ secretsExpireAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, row.id));
    const before = smtp.messages.length;
    await ctx.app.mailWorker.runOnce();
    expect(smtp.messages.length).toBe(before);
    const expired = await rowOf(ctx, row.id);
    expect(expired).toMatchObject({ status: 'failed', secrets: null });
    expect(expired.lastError).toContain('expirado');
  });
});

describe('outbox sender and JOBS_WORKER', () => {
  it('an instance with JOBS_WORKER=false never sends (HTTP only); a worker instance on the same database does', async () => {
    const smtp = await startTestSmtp();
    const httpOnly = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: 100, JOBS_WORKER: 'false' });
    try {
      // Every timed round of this instance's sender, if it had one (it must not).
      let httpOnlyTicks = 0;
      httpOnly.app.mailWorker.onTick(() => (httpOnlyTicks += 1));
      const id = await httpOnly.db.transaction((tx) => enqueueEmail(tx, { to: 'beltrano@exemplo.com.br', subject: 'Aviso', text: 'Olá.' }));
      expect((await rowOf(httpOnly, id)).status).toBe('pending');
      expect(smtp.messages).toHaveLength(0);

      // The worker's rounds send the row (a round may have begun before this subscription: a timed round never
      // overlaps another, so the end of the next one comes after the row's). Its timer started long after this
      // instance's would have, with the same MAIL_POLL_MS: a sender of this instance would have ticked first.
      const worker = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: 100, JOBS_WORKER: 'true' }, { database: httpOnly.database });
      try {
        const round = new Promise<number>((resolve) => worker.app.mailWorker.onTick((r) => void r.then(resolve)));
        await within(round, 5_000, "the worker's round");
        await smtp.waitFor(1);
        // A round ends after the worker marked its rows sent.
        expect((await rowOf(httpOnly, id)).status).toBe('sent');
        expect(httpOnlyTicks).toBe(0);
        expect(smtp.messages).toHaveLength(1);
      } finally {
        await worker.close();
      }
    } finally {
      await httpOnly.close();
      await smtp.close();
    }
  });
});

/** The Content-Disposition file name: plain, or RFC 2231 (filename*0*=utf-8''…, in parts) for non-ASCII names. */
function filenameOf(headers: string) {
  const parts = [...headers.matchAll(/filename\*(\d+)?\*?="?([^";\r\n]+)"?/gi)].map((m) => m[2]!);
  if (parts.length) return decodeURIComponent(parts.join('').replace(/^utf-8''/i, ''));
  return /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1];
}

/** The attachment parts of a raw MIME message: file name, content type and decoded bytes. */
function mimeAttachments(raw: string) {
  return raw
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .map((part) => {
      const [head = '', ...body] = part.split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      if (!/content-disposition:\s*attachment/i.test(headers)) return null;
      return {
        filename: filenameOf(headers),
        contentType: /content-type:\s*([^;\r\n]+)/i.exec(headers)?.[1]?.trim(),
        bytes: Buffer.from(
          body
            .join('')
            .split(/\r?\n--/)[0]!
            .replace(/\s+/g, ''),
          'base64',
        ),
      };
    })
    .filter((a) => a !== null);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

describe('attachments (files of the file store linked to the outbox row)', () => {
  let smtp: TestSmtp;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: 600_000, MAIL_MAX_ATTEMPTS: 2, MAIL_RETRY_SECONDS: 0.1 });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('an e-mail with a PDF attachment arrives with it (name, type and bytes); GET outbox lists it', async () => {
    const file = await ctx.app.services.files.save({ name: 'extrato-março.pdf', data: PDF });
    const id = await enqueueEmail(ctx.db, {
      to: 'anexo@exemplo.com.br',
      subject: 'Com anexo',
      text: 'Segue o anexo.',
      attachments: [{ fileId: file.id }],
    });
    const links = await ctx.db
      .select()
      .from(fileLinks)
      .where(eq(fileLinks.ownerId, String(id)));
    expect(links).toMatchObject([{ ownerKind: 'outbox', fileId: file.id }]);

    const before = smtp.messages.length;
    expect(await ctx.app.mailWorker.runOnce()).toBe(1);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.text).toContain('Segue o anexo.');
    const [part, ...others] = mimeAttachments(mail.raw);
    expect(others).toHaveLength(0);
    expect(part!.contentType).toBe('application/pdf');
    expect(part!.filename).toBe('extrato-março.pdf');
    expect(part!.bytes.equals(PDF)).toBe(true);
    expect((await rowOf(ctx, id)).status).toBe('sent');

    const { client } = await signedInAs(ctx, ['v2access', 'superadmin']);
    const item = (await call(client, mailContracts.outbox)).body.items.find((i: { id: number }) => i.id === id);
    expect(item!.attachments).toEqual([{ fileId: file.id, name: 'extrato-março.pdf', mimeType: 'application/pdf', size: PDF.length }]);
    // The superadmin downloads it through the file download route.
    const download = await call(client, jobsContracts.download, { params: { fileId: file.id } });
    expect(download.status).toBe(200);
    expect(download.body.equals(PDF)).toBe(true);
  });

  it('GET user/emailvinculo: the bond declaration e-mail arrives with declaracao-vinculo.pdf', async () => {
    const member = await createMember(ctx, { custEmail: 'socio@exemplo.com.br', custAdmissao: '2001-02-03', custAssocSituacao: 1, custStatus: 'M' });
    const { client } = await signedInAs(ctx, ['v2access']);
    const res = await call(client, memberContracts.emailBond, { params: { cstId: member.cstId } });
    expect(res.status, res.res.body).toBe(200);

    const before = smtp.messages.length;
    expect(await ctx.app.mailWorker.runOnce()).toBe(1);
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.to).toEqual(['socio@exemplo.com.br']);
    const [part, ...others] = mimeAttachments(mail.raw);
    expect(others).toHaveLength(0);
    expect(part).toMatchObject({ filename: 'declaracao-vinculo.pdf', contentType: 'application/pdf' });
    expect(part!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.cstId, member.cstId));
    const [link] = await ctx.db
      .select()
      .from(fileLinks)
      .where(eq(fileLinks.ownerId, String(row!.id)));
    const stored = await ctx.app.services.files.find(link!.fileId);
    expect(part!.bytes.length).toBe(stored!.size);
    expect(row!.status).toBe('sent');
  });

  it('a missing file fails the e-mail (retried, then failed for good) and it is never sent without it', async () => {
    const file = await ctx.app.services.files.save({ name: 'sumiu.pdf', data: PDF });
    const id = await enqueueEmail(ctx.db, {
      to: 'sem-anexo@exemplo.com.br',
      subject: 'Anexo perdido',
      text: 'x',
      attachments: [{ fileId: file.id }],
    });
    await ctx.app.services.files.store.delete(file.storageKey);
    const before = smtp.messages.length;

    await ctx.app.mailWorker.runOnce();
    let row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: attachmentMissing('sumiu.pdf') });
    await backoffPassed(ctx, id);
    await ctx.app.mailWorker.runOnce();
    row = await rowOf(ctx, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: attachmentMissing('sumiu.pdf') });
    expect(smtp.messages.length).toBe(before);
  });

  it('an unknown file writes neither the e-mail nor any link', async () => {
    const [{ n: before }] = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox`)).rows as [{ n: number }];
    await expect(
      enqueueEmail(ctx.db, { to: 'x@exemplo.com.br', subject: 'Arquivo inexistente', text: 'x', attachments: [{ fileId: crypto.randomUUID() }] }),
    ).rejects.toThrow();
    const [{ n: after }] = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox`)).rows as [{ n: number }];
    expect(after).toBe(before);
  });
});
