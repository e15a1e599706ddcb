import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentEmailTemplates, memberContracts, memberMessages as mm } from '@assoc/domain';
import { files, outbox } from '../../db/schema/index.js';
import { call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';

let ctx: TestContext;
let staff: Client;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assoc-emailto-'));
const actor = { userId: 1, name: 'Administrador' };
const pdf = new TextEncoder().encode('%PDF-1.4\n%test\n');

/** The blobs in this app's own file store (its own DATA_DIR, so no other test file writes there). */
const blobs = () => fs.readdirSync(path.join(dataDir, 'files'), { recursive: true }).filter((f) => !String(f).endsWith('.tmp')).length;
const count = async (table: typeof files | typeof outbox) => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: dataDir });
  staff = (await signedInAs(ctx, ['v2access'])).client;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('documents.emailTo (issue 23 item 7): render → store → enqueue in one transaction', () => {
  it('stores the file, queues the e-mail with it attached, subject and body from the domain template', async () => {
    const member = await createMember(ctx, { custName: 'Ana Souza', custEmail: 'ana@example.com' });
    const id = await ctx.app.services.documents.emailTo(
      { email: 'ana@example.com', name: 'Ana Souza', cstId: member.cstId },
      { pdf, fileName: 'extrato-2026-03.pdf' },
      { key: 'extrato', values: { mes: '03/2026' } },
      { actor },
    );
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(mail).toMatchObject({ to: 'ana@example.com', cstId: member.cstId, userId: 1, subject: 'Extrato mensal 03/2026' });
    expect(mail!.text).toBe(
      `Prezado(a) Ana Souza,\n\nSegue o seu extrato do período 03/2026 (arquivo extrato-2026-03.pdf).\n\n${ctx.config.ASSOCIATION_NAME}`,
    );
    const linked = await ctx.db.execute<{ name: string }>(
      sql`select f.name from file_links l join files f on f.id = l.file_id where l.owner_kind = 'outbox' and l.owner_id = ${String(id)}`,
    );
    expect(linked.rows).toEqual([{ name: 'extrato-2026-03.pdf' }]);
  });

  it('a failed enqueue leaves no file: neither the record nor the bytes, and no outbox row', async () => {
    const member = await createMember(ctx, { custEmail: 'falha@example.com' });
    const before = { files: await count(files), outbox: await count(outbox), blobs: blobs() };
    // The outbox refuses the row (its own database copy): the file was already stored when the enqueue fails.
    await ctx.db.execute(sql`create function refuse_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox refused'; end $$`);
    await ctx.db.execute(sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`);
    try {
      await expect(
        ctx.app.services.documents.emailTo(
          { email: 'falha@example.com', name: 'Falha', cstId: member.cstId },
          { pdf, fileName: 'boleto.pdf' },
          { key: 'boleto', values: { nossoNumero: '123', linhaDigitavel: '0019' } },
          { actor },
        ),
      ).rejects.toMatchObject({ cause: { message: 'outbox refused' } });
      // Through a caller's route too (the bond declaration): the old code stored the file before the enqueue.
      const bondHolder = await createMember(ctx, {
        custEmail: 'vinculo@example.com',
        custCpf: '52998224725',
        custAdmissao: '2010-01-01',
        custAssocSituacao: 1,
        custStatus: 'M',
      });
      const res = await call(staff, memberContracts.emailBond, { params: { cstId: bondHolder.cstId } });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.error.message).not.toBe(mm.bondSent);
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_outbox on outbox`);
      await ctx.db.execute(sql`drop function refuse_outbox()`);
    }
    expect({ files: await count(files), outbox: await count(outbox), blobs: blobs() }).toEqual(before);
  });

  it("a caller's `before` saying no stores nothing and queues nothing", async () => {
    const member = await createMember(ctx, { custEmail: 'nao@example.com' });
    const before = { files: await count(files), outbox: await count(outbox), blobs: blobs() };
    const id = await ctx.app.services.documents.emailTo(
      { email: 'nao@example.com', name: 'Não', cstId: member.cstId },
      { pdf, fileName: 'declaracao-vinculo.pdf' },
      { key: 'vinculo', values: {} },
      { actor, before: async () => false },
    );
    expect(id).toBeNull();
    expect({ files: await count(files), outbox: await count(outbox), blobs: blobs() }).toEqual(before);
  });

  it('emailMany queues a batch in one transaction, each e-mail with its own file; `skip` leaves items out; a failure stores nothing', async () => {
    const a = await createMember(ctx, { custName: 'Bia Lima', custEmail: 'bia@example.com' });
    const b = await createMember(ctx, { custName: 'Caio Reis', custEmail: 'caio@example.com' });
    const c = await createMember(ctx, { custName: 'Duda Melo', custEmail: 'duda@example.com' });
    const pdfOf = (name: string) => new TextEncoder().encode(`%PDF-1.4\n%${name}\n`);
    const items = [a, b, c].map((m, i) => ({
      member: { email: ['bia', 'caio', 'duda'][i] + '@example.com', name: ['Bia Lima', 'Caio Reis', 'Duda Melo'][i]!, cstId: m.cstId },
      pdf: pdfOf(`n${i}`),
      fileName: 'extrato-2026-04.pdf',
      template: { key: 'extrato' as const, values: { mes: '04/2026' } },
    }));
    const seen: { index: number; outboxId: number }[] = [];
    const ids = await ctx.app.services.documents.emailMany(items, {
      actor,
      skip: async () => new Set([1]),
      after: async (_tx, sent) => void seen.push(...sent),
    });
    expect(ids[1]).toBeNull();
    expect(seen.map((s) => s.index)).toEqual([0, 2]);
    for (const i of [0, 2]) {
      const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.id, ids[i]!));
      expect(mail).toMatchObject({ to: items[i]!.member.email, cstId: items[i]!.member.cstId, subject: 'Extrato mensal 04/2026' });
      expect(mail!.text).toContain(`Prezado(a) ${items[i]!.member.name},`);
      const linked = await ctx.db.execute<{ storage_key: string; name: string }>(
        sql`select f.storage_key, f.name from file_links l join files f on f.id = l.file_id where l.owner_kind = 'outbox' and l.owner_id = ${String(ids[i])}`,
      );
      expect(linked.rows).toHaveLength(1);
      expect(linked.rows[0]!.name).toBe('extrato-2026-04.pdf');
      // Each e-mail carries its own holder's bytes.
      expect(fs.readFileSync(path.join(dataDir, 'files', linked.rows[0]!.storage_key), 'utf8')).toContain(`%n${i}`);
    }
    expect(seen.find((s) => s.index === 0)!.outboxId).toBe(ids[0]);

    const before = { files: await count(files), outbox: await count(outbox), blobs: blobs() };
    await expect(
      ctx.app.services.documents.emailMany(items, {
        actor,
        after: async () => {
          throw new Error('after refused');
        },
      }),
    ).rejects.toThrow('after refused');
    expect({ files: await count(files), outbox: await count(outbox), blobs: blobs() }).toEqual(before);
  });

  it('every document e-mail template gives a subject and a greeting body naming the file', () => {
    const base = { nome: 'Ana', arquivo: 'x.pdf', associacao: 'Associação' };
    for (const [key, template] of Object.entries(documentEmailTemplates)) {
      const values = { ...base, mes: '03/2026', ano: 2025, nossoNumero: '1', linhaDigitavel: '2' };
      expect(template.subject(values as never), key).not.toBe('');
      expect(template.body(values as never), key).toMatch(/^Prezado\(a\) Ana,\n\n.*x\.pdf[\s\S]*\n\nAssociação$/);
    }
  });
});
