import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages as m, refundContracts, refundMessages as rm, roleCatalogue, type RefundRecord, type Role } from '@assoc/domain';
import {
  billableBank,
  call,
  createCatalogueService,
  createDependent,
  createMember,
  createTestApp,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';

let ctx: TestContext;
/** v2dev + v2devapr (+ superadmin: deletes). */
let approver: Client;
/** v2dev only: the reduced list, may only cancel. */
let requester: Client;
let approverName: string;
let requesterName: string;
let service: { svcId: number; sucId: number; supId: number; svcName: string };
let otherService: { svcId: number; sucId: number; supId: number };
const withoutRoles = (...drop: Role[]) => (Object.keys(roleCatalogue) as Role[]).filter((r) => !drop.includes(r) && r !== 'v2portal');

async function catalogue() {
  const svc = await createCatalogueService(ctx, { svcName: 'Plano de saúde — mensalidade' });
  const product = await ctx.db.execute<{ supId: number }>(sql`select sup_id as "supId" from products where suc_id = ${svc.sucId}`);
  return { svcId: svc.svcId, sucId: svc.sucId!, supId: product.rows[0]!.supId, svcName: svc.svcName };
}

async function family() {
  const holder = await createMember(ctx, { custName: 'Titular da Devolução', ...billableBank });
  const dependent = await createDependent(ctx, holder.cstId, { custName: 'Dependente da Devolução' });
  return { holder, dependent };
}

type Person = { cstId: number; custName: string; custCpf: string | null; parentId: number | null };
const body = (person: Person, holder: Person, values: Record<string, unknown> = {}) => ({
  cstId: person.cstId,
  titId: holder.cstId,
  custName: person.custName,
  titNome: holder.custName,
  custCpf: person.custCpf!,
  devStatus: 1,
  devTipo: 1,
  devValor: 12_345,
  supId: service.supId,
  sucId: service.sucId,
  svcId: service.svcId,
  observacoes: 'Cobrança em duplicidade',
  ...values,
});

async function create(client: Client, person: Person, holder: Person, values: Record<string, unknown> = {}) {
  const res = await call(client, refundContracts.create, { body: body(person, holder, values) as never });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as RefundRecord;
}
const save = (client: Client, rec: RefundRecord, values: Record<string, unknown>) =>
  call(client, refundContracts.update, {
    params: { devId: rec.devId },
    body: {
      cstId: rec.cstId,
      titId: rec.titId,
      custName: rec.custName,
      titNome: rec.titNome,
      custCpf: rec.custCpf,
      devStatus: rec.devStatus,
      devTipo: rec.devTipo,
      devValor: rec.devValor,
      supId: rec.supId,
      sucId: rec.sucId,
      svcId: rec.svcId,
      observacoes: rec.observacoes,
      version: rec.version,
      ...values,
    } as never,
  });
async function move(client: Client, rec: RefundRecord, devStatus: number) {
  const res = await save(client, rec, { devStatus });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as RefundRecord;
}
const credits = async (devId: number) =>
  (
    await ctx.db.execute<{ cstId: number; respId: number; svcId: number; valor: number; tipo: string; descricao: string }>(sql`
      select cst_id as "cstId", resp_id as "respId", svc_id as "svcId", ext_valor as valor, ext_tipo as tipo, ext_descricao as descricao
        from statement_entries where ext_key = ${`devolucao:${devId}`}`)
  ).rows;
const refundCount = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from refunds`)).rows[0]!.n;

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await signedInAs(ctx, ['v2access', 'v2dev', 'v2devapr', 'superadmin']);
  approver = a.client;
  approverName = a.user.name;
  const r = await signedInAs(ctx, ['v2access', 'v2dev']);
  requester = r.client;
  requesterName = r.user.name;
  service = await catalogue();
  otherService = await catalogue();
});
afterAll(() => ctx?.close());

describe('refunds (issue 27 part 1)', () => {
  it('refuses anonymous callers (401) and users without v2dev (403) on every call', async () => {
    const { holder } = await family();
    const anonymous = [
      call(ctx.app, refundContracts.list, { params: { status: 1 }, query: {} }),
      call(ctx.app, refundContracts.create, { body: body(holder, holder) as never }),
      call(ctx.app, refundContracts.update, { params: { devId: 1 }, body: { ...body(holder, holder), version: 1 } as never }),
      call(ctx.app, refundContracts.remove, { params: { devId: 1 }, query: { version: 1 } }),
      call(ctx.app, refundContracts.export, { params: { status: 1 }, query: {} }),
      call(ctx.app, refundContracts.search, { query: { q: 'Titular' } }),
      call(ctx.app, refundContracts.toPay, { query: {} }),
      call(ctx.app, refundContracts.toPayExport, { query: {} }),
    ];
    for (const res of await Promise.all(anonymous)) expect(res.status).toBe(401);
    const other = (await signedInAs(ctx, withoutRoles('v2dev', 'v2devapr', 'superadmin'))).client;
    const refused = [
      call(other, refundContracts.list, { params: { status: 1 }, query: {} }),
      call(other, refundContracts.create, { body: body(holder, holder) as never }),
      call(other, refundContracts.export, { params: { status: 1 }, query: {} }),
      call(other, refundContracts.search, { query: { q: 'Titular' } }),
      call(other, refundContracts.toPay, { query: {} }),
      call(requester, refundContracts.toPay, { query: {} }),
      call(requester, refundContracts.toPayExport, { query: {} }),
      call(requester, refundContracts.remove, { params: { devId: 1 }, query: { version: 1 } }),
    ];
    for (const res of await Promise.all(refused)) expect(res.status).toBe(403);
    expect(await refundCount()).toBe(0);
  });

  it('refuses bad input with the pt-BR message of spec 2 §5 and writes nothing (400)', async () => {
    const { holder, dependent } = await family();
    const cases: [Record<string, unknown>, string][] = [
      [{ devValor: 0 }, m.numericMin],
      [{ devValor: 3_000_001 }, m.numericMax],
      [{ devValor: null }, m.required],
      [{ observacoes: 'x'.repeat(1025) }, m.maxLength(1024)],
      [{ custCpf: '123.456.789-00' }, m.cpf],
      [{ custName: 'Ana' }, m.minLength(4)],
      [{ svcId: null }, m.required],
      [{ devTipo: 3 }, m.oneOf],
      [{ devStatus: 3 }, rm.newStatusInvalid],
      [{ titId: dependent.cstId }, rm.holderMismatch],
      [{ svcId: otherService.svcId }, rm.serviceMismatch],
      [{ cstId: 99_999_999 }, rm.memberNotFound],
    ];
    for (const [values, message] of cases) {
      const res = await call(approver, refundContracts.create, { body: body(dependent, holder, values) as never });
      expect(res.status, JSON.stringify(values)).toBe(400);
      expect(res.error.message).toContain(message);
    }
    expect(await refundCount()).toBe(0);
    // The limits themselves are accepted.
    expect((await create(approver, dependent, holder, { devValor: 1, observacoes: 'x'.repeat(1024) })).devValor).toBe(1);
    expect((await create(approver, dependent, holder, { devValor: 3_000_000 })).devValor).toBe(3_000_000);
  });

  it('a requester without v2devapr sending APROVADO or FINALIZADO gets 403 and nothing is written; may only cancel', async () => {
    const { holder, dependent } = await family();
    const before = await refundCount();
    const post = await call(requester, refundContracts.create, { body: body(dependent, holder, { devStatus: 2 }) as never });
    expect(post.status).toBe(403);
    expect(post.error.message).toBe(rm.approverOnly);
    expect(await refundCount()).toBe(before);

    const rec = await create(requester, dependent, holder);
    expect(rec).toMatchObject({ devStatus: 1, custName: dependent.custName, titNome: holder.custName, createdByName: requesterName, version: 1 });
    const put = await save(requester, rec, { devStatus: 2, observacoes: 'mudou' });
    expect(put.status).toBe(403);
    const stored = await ctx.db.execute<{ s: number; o: string; v: number }>(
      sql`select dev_status as s, observacoes as o, version as v from refunds where dev_id = ${rec.devId}`,
    );
    expect(stored.rows[0]).toEqual({ s: 1, o: 'Cobrança em duplicidade', v: 1 });
    expect((await save(requester, rec, { devStatus: 3 })).status).toBe(403);
    // The approved list is the approver's (the reduced list without APROVADOS).
    const approvedList = await call(requester, refundContracts.list, { params: { status: 2 }, query: {} });
    expect(approvedList.status).toBe(403);
    expect(approvedList.error.message).toBe(rm.approvedListApproverOnly);
    expect((await call(requester, refundContracts.export, { params: { status: 2 }, query: {} })).status).toBe(403);
    // Keeping EM ANÁLISE (a save of the notes), then cancelling.
    const noted = await move(requester, rec, 1);
    const cancelled = await move(requester, { ...noted, observacoes: 'Pedido retirado' }, 4);
    expect(cancelled).toMatchObject({ devStatus: 4, closedByName: requesterName, observacoes: 'Pedido retirado' });
    // A final refund is not saved any more.
    const again = await save(requester, cancelled, { devStatus: 4 });
    expect(again.status).toBe(400);
    expect(again.error.message).toContain(rm.finalLocked);
  });

  it('walks the approver through every transition of the table, with 400 for a move nobody may make', async () => {
    const { holder } = await family();
    const a = await create(approver, holder, holder);
    const skip = await save(approver, a, { devStatus: 3 });
    expect(skip.status).toBe(400);
    expect(skip.error.message).toContain(rm.statusChangeRefused('EM ANÁLISE', 'FINALIZADO'));
    const approved = await move(approver, a, 2);
    expect(approved).toMatchObject({ devStatus: 2, approvedByName: approverName, createdByName: approverName });
    const back = await save(approver, approved, { devStatus: 1 });
    expect(back.status).toBe(400);
    expect(back.error.message).toContain(rm.statusChangeRefused('APROVADO', 'EM ANÁLISE'));
    expect((await save(approver, approved, { devStatus: 4 })).status).toBe(400);
    // Approved: the requester cannot cancel it either.
    expect((await save(requester, approved, { devStatus: 4 })).status).toBe(403);
    const done = await move(approver, approved, 3);
    expect(done).toMatchObject({ devStatus: 3, closedByName: approverName });
    for (const to of [1, 2, 3, 4]) expect((await save(approver, done, { devStatus: to })).status).toBe(400);
    // Created straight APROVADO by an approver; cancelled from EM ANÁLISE by an approver.
    expect((await create(approver, holder, holder, { devStatus: 2 })).approvedByName).toBe(approverName);
    expect((await move(approver, await create(approver, holder, holder), 4)).devStatus).toBe(4);
  });

  it('in edit mode type, amount, supplier, product and service do not change (400); a stale version is 409', async () => {
    const { holder } = await family();
    const rec = await create(approver, holder, holder);
    for (const values of [{ devValor: 999 }, { devTipo: 2 }, { svcId: otherService.svcId, sucId: otherService.sucId, supId: otherService.supId }]) {
      const res = await save(approver, rec, values);
      expect(res.status).toBe(400);
      expect(res.error.message).toBe(rm.lockedFields);
    }
    const first = await move(approver, rec, 2);
    const stale = await save(approver, rec, { devStatus: 4 });
    expect(stale.status).toBe(409);
    expect(stale.error.message).toBe(m.staleRecord);
    expect((await save(approver, first, {})).status).toBe(200);
  });

  it('FINALIZADO of a type-1 refund credits the chosen service in the holder ledger once, even saved twice at once', async () => {
    const { holder, dependent } = await family();
    const approved = await move(approver, await create(approver, dependent, holder, { devValor: 25_050 }), 2);
    const [one, two] = await Promise.all([save(approver, approved, { devStatus: 3 }), save(approver, approved, { devStatus: 3 })]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const rows = await credits(approved.devId);
    expect(rows).toEqual([
      {
        cstId: holder.cstId,
        respId: dependent.cstId,
        svcId: service.svcId,
        valor: -25_050,
        tipo: 'credito',
        descricao: rm.ledgerCredit(approved.devId, service.svcName),
      },
    ]);
    const done = ((one.status === 200 ? one : two).body as RefundRecord)!;
    expect(done.extId).not.toBeNull();
    // A second FINALIZADO save is refused, and writes nothing.
    expect((await save(approver, done, { devStatus: 3 })).status).toBe(400);
    expect(await credits(approved.devId)).toHaveLength(1);
    // Never deleted once FINALIZADO.
    const del = await call(approver, refundContracts.remove, { params: { devId: done.devId }, query: { version: done.version } });
    expect(del.status).toBe(400);
    expect(del.error.message).toBe(rm.deleteFinalizedRefused);
  });

  it('a type-2 refund writes nothing in the ledger and is listed to pay with the holder bank data (and as XLSX)', async () => {
    const { holder, dependent } = await family();
    const done = await move(approver, await move(approver, await create(approver, dependent, holder, { devTipo: 2, devValor: 70_000 }), 2), 3);
    expect(done.extId).toBeNull();
    expect(await credits(done.devId)).toEqual([]);
    const list = await call(approver, refundContracts.toPay, { query: {} });
    expect(list.status).toBe(200);
    const row = list.body.find((r) => r.devId === done.devId)!;
    expect(row).toMatchObject({
      custName: dependent.custName,
      titNome: holder.custName,
      titCpf: holder.custCpf,
      devValor: 70_000,
      bankCode: '001',
      agencia: `${billableBank.bnkaccBranch}-${billableBank.bnkaccBranchDigit}`,
      conta: `${billableBank.bnkaccAccount}-${billableBank.bnkaccAccountDigit}`,
    });
    // A type-1 FINALIZADO and a type-2 still APROVADO are not in it.
    const pending = await move(approver, await create(approver, holder, holder, { devTipo: 2 }), 2);
    expect(list.body.some((r) => r.devId === pending.devId)).toBe(false);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await call(approver, refundContracts.toPay, { query: { de: tomorrow } })).body).toEqual([]);
    const bad = await call(approver, refundContracts.toPay, { query: { de: '2026-02-02', ate: '2026-02-01' } });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toContain(rm.dateRange);

    const file = await call(approver, refundContracts.toPayExport, { query: {} });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe(rm.toPaySheetName);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Devolução',
      'Finalizada em',
      'Titular',
      'CPF',
      'Solicitante',
      'Serviço',
      'Banco',
      'Nome do banco',
      'Agência',
      'Conta',
      'Valor',
    ]);
    expect(sheet.rowCount).toBe(list.body.length + 2);
    const total = sheet.getRow(sheet.rowCount);
    expect(total.getCell(1).value).toBe(rm.total);
    expect(total.getCell(11).value).toBe(list.body.reduce((s, r) => s + r.devValor, 0) / 100);
  });

  it('lists a status newest first, paged, searched by name or CPF, with the sum; exports devolução.xlsx read back', async () => {
    const holder = await createMember(ctx, { custName: 'Zuleica Exportação' });
    const made: RefundRecord[] = [];
    for (const valor of [100, 250, 1_000_050]) made.push(await create(approver, holder, holder, { devValor: valor, devTipo: valor === 250 ? 2 : 1 }));
    const page = await call(approver, refundContracts.list, { params: { status: 1 }, query: { q: 'zuleica exportacao', pageSize: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.totalValor).toBe(1_000_400);
    expect(page.body.items.map((r) => r.devId)).toEqual([made[2]!.devId, made[1]!.devId]);
    const byCpf = await call(approver, refundContracts.list, { params: { status: 1 }, query: { q: holder.custCpf! } });
    expect(byCpf.body.total).toBe(3);
    const all = await call(requester, refundContracts.list, { params: { status: 1 }, query: {} });
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(3);

    const res = await call(requester, refundContracts.export, { params: { status: 1 }, query: { q: 'Zuleica' } });
    expect(res.status).toBe(200);
    expect(res.res.headers['content-disposition']).toContain("filename*=UTF-8''devolu%C3%A7%C3%A3o.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Solicitante',
      'Titular',
      'Data de criação',
      'Tipo de crédito',
      'Serviço',
      'Valor',
    ]);
    expect(sheet.rowCount).toBe(5);
    const second = (sheet.getRow(3).values as unknown[]).slice(1);
    expect(second).toEqual([holder.custName, holder.custName, expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/), 'C/C', service.svcName, 2.5]);
    expect(sheet.getRow(2).getCell(6).value).toBe(10_000.5);
    expect((sheet.getRow(5).values as unknown[]).slice(1)).toEqual([rm.total, rm.records(3), undefined, undefined, undefined, 10_004]);
  });

  it('searches holders and dependents (with their holder) by name or CPF', async () => {
    const { holder, dependent } = await family();
    await ctx.db.execute(sql`update customers set cust_name = 'Quintino Buscado' where cst_id = ${holder.cstId}`);
    await ctx.db.execute(sql`update customers set cust_name = 'Quiteria Buscada' where cst_id = ${dependent.cstId}`);
    const res = await call(requester, refundContracts.search, { query: { q: 'qui busc' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        cstId: holder.cstId,
        custName: 'Quintino Buscado',
        custCPF: holder.custCpf,
        titular: true,
        parentId: null,
        custTitularName: 'Quintino Buscado',
      },
      {
        cstId: dependent.cstId,
        custName: 'Quiteria Buscada',
        custCPF: dependent.custCpf,
        titular: false,
        parentId: holder.cstId,
        custTitularName: 'Quintino Buscado',
      },
    ]);
    const byCpf = await call(requester, refundContracts.search, { query: { q: dependent.custCpf! } });
    expect(byCpf.body.map((r) => r.cstId)).toEqual([dependent.cstId]);
    const short = await call(requester, refundContracts.search, { query: { q: 'ab' } });
    expect(short.status).toBe(400);
    expect(short.error.message).toContain(m.minLength(3));
  });

  it('superadmin deletes a refund before FINALIZADO at its version; every write is audited with requester and approver', async () => {
    const { holder } = await family();
    const rec = await create(requester, holder, holder);
    const approved = await move(approver, rec, 2);
    const stale = await call(approver, refundContracts.remove, { params: { devId: rec.devId }, query: { version: rec.version } });
    expect(stale.status).toBe(409);
    const del = await call(approver, refundContracts.remove, { params: { devId: rec.devId }, query: { version: approved.version } });
    expect(del.status).toBe(204);
    const gone = await call(approver, refundContracts.remove, { params: { devId: rec.devId }, query: { version: 1 } });
    expect(gone.status).toBe(404);
    expect(gone.error.message).toBe(rm.notFound);
    const unknown = await save(approver, { ...approved, devId: 99_999_999 }, {});
    expect(unknown.status).toBe(404);
    expect(unknown.error.message).toBe(rm.notFound);
    const audits = await ctx.db.execute<{ action: string; user: string; owner: number; before: RefundRecord | null; after: RefundRecord | null }>(sql`
      select action, user_name as user, owner_id as owner, before, after from audits
       where category = 'devolucao' and entity_id = ${String(rec.devId)} order by audit_id`);
    expect(audits.rows.map((a) => [a.action, a.user, a.owner])).toEqual([
      ['insert', requesterName, holder.cstId],
      ['update', approverName, holder.cstId],
      ['delete', approverName, holder.cstId],
    ]);
    expect(audits.rows[1]!.after).toMatchObject({ devStatus: 2, createdByName: requesterName, approvedByName: approverName });
    expect(audits.rows[2]!.before).toMatchObject({ devStatus: 2, createdByName: requesterName, approvedByName: approverName });
  });
});
