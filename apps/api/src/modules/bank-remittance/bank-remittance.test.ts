import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankFilesContracts, boletoNumbers, decodeLatin1, jobsContracts, readDebitReturn, roleCatalogue, splitLines, type Role } from '@assoc/domain';
import { addAddress, call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { jobEnded } from '../../../test/barriers.js';

let ctx: TestContext;
let finance: Client;
let financeUserId: number;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal' && r !== 'v2menufinanceiro');
const people = {} as Record<'bb' | 'bb2' | 'santander' | 'payroll' | 'noAccount' | 'boleto', number>;
const charge = {} as Record<
  'bb' | 'bb2' | 'santander' | 'payroll' | 'noAccount' | 'settled' | 'later' | 'boleto' | 'boletoNoAddress' | 'boletoNoEmail',
  number
>;

async function addCharge(cstId: number, bnkId: number, value: number, account: { ag: string | null; conta: string | null; dv?: string } | null) {
  const result = await ctx.db.execute<{ cobId: number }>(sql`
    insert into charges (cst_id, bnk_id, cob_agencia, cob_conta, cob_conta_dv, cob_vencimento, cob_valor)
    values (${cstId}, ${bnkId}, ${account?.ag ?? null}, ${account?.conta ?? null}, ${account?.dv ?? null}, '2031-03-10', ${value})
    returning cob_id as "cobId"`);
  return result.rows[0]!.cobId;
}
async function addBoleto(cstId: number, value: number, sequence: number) {
  const result = await ctx.db.execute<{ cobId: number }>(sql`
    insert into charges (cst_id, bnk_id, cob_banco, cob_convenio, cob_carteira, cob_nosso_numero, cob_vencimento, cob_valor)
    values (${cstId}, 11, '001', '1474166', '17', ${sequence}, '2031-03-10', ${value}) returning cob_id as "cobId"`);
  return result.rows[0]!.cobId;
}
const count = async (table: string) => Number((await ctx.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);
const nsas = async () =>
  (
    await ctx.db.execute<{ layout: string; bank_code: string; last_nsa: number }>(
      sql`select layout, bank_code, last_nsa from bank_file_sequences order by 1, 2`,
    )
  ).rows;

async function runJob(command = 'remessa-gerar'): Promise<{ jobStatus: number; jobResult: string | null }> {
  const res = await call(finance, jobsContracts.sendWithData, { params: { jobCommand: command, userData: 0 } });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  const jobId = res.body.jobId;
  return jobEnded([ctx.app], jobId, async () => (await call(finance, jobsContracts.list)).body.find((j) => j.jobId === jobId), 30_000);
}

beforeAll(async () => {
  ctx = await createTestApp({ DEBIT_BB_AGREEMENT: '4455', BANK_FILE_TERMINATOR: 'CRLF' }, { features: { jobs: true } });
  const signed = await signedInAs(ctx, ['v2access', 'v2menufinanceiro']);
  finance = signed.client;
  financeUserId = signed.user.userId;
  const bb = await createMember(ctx, { custName: 'Ana Débito BB', custCpf: '52998224725' });
  const bb2 = await createMember(ctx, { custName: 'Beto Débito BB' });
  const santander = await createMember(ctx, { custName: 'Caio Santander' });
  const payroll = await createMember(ctx, { custName: 'Dora Folha', custCpf: '11144477735' });
  const noAccount = await createMember(ctx, { custName: 'Edu Sem Conta' });
  Object.assign(people, { bb: bb.cstId, bb2: bb2.cstId, santander: santander.cstId, payroll: payroll.cstId, noAccount: noAccount.cstId });
  charge.bb = await addCharge(bb.cstId, 2, 12_345, { ag: '1234', conta: '0012345', dv: '6' });
  charge.bb2 = await addCharge(bb2.cstId, 2, 500, { ag: '0001', conta: '00000006', dv: 'X' });
  charge.santander = await addCharge(santander.cstId, 1, 9_900, { ag: '3003', conta: '13000123', dv: '4' });
  charge.payroll = await addCharge(payroll.cstId, 10, 25_000, null);
  charge.noAccount = await addCharge(noAccount.cstId, 2, 700, { ag: null, conta: null });
  // Boletos (channel 11) of the configured bank: one whose payer has an address, one whose payer has none.
  const boleto = await createMember(ctx, { custName: 'Fábio Boleto', custCpf: '39053344705', custEmail: 'fabio@example.com' });
  await addAddress(ctx, boleto.cstId, { adBairro: 'Bela Vista' });
  people.boleto = boleto.cstId;
  charge.boleto = await addBoleto(boleto.cstId, 4_321, 101);
  const noEmail = await createMember(ctx, { custName: 'Gil Sem Email', custCpf: '98765432100', custEmail: null });
  await addAddress(ctx, noEmail.cstId);
  charge.boletoNoEmail = await addBoleto(noEmail.cstId, 2_000, 103);
  charge.boletoNoAddress = await addBoleto(noAccount.cstId, 1_000, 102);
  // A charge that already has its return is not sent again.
  charge.settled = await addCharge(bb.cstId, 2, 100, { ag: '1234', conta: '0012345', dv: '6' });
  await ctx.db.execute(sql`update charges set cob_retorno = '2031-03-10', cdr_cod_ret = 0 where cob_id = ${charge.settled}`);
});

afterAll(async () => {
  await ctx?.close();
});

describe('Gerar remessa de cobrança (issue 25 item 1)', () => {
  it('refuses anonymous callers (401), users without v2menufinanceiro (403) and a bad or unknown rmId (400, 404)', async () => {
    expect((await call(ctx.app, bankFilesContracts.remittances)).status).toBe(401);
    expect((await call(ctx.app, bankFilesContracts.remittance, { params: { rmId: 1 } })).status).toBe(401);
    expect((await call(ctx.app, bankFilesContracts.remittanceFile, { params: { rmId: 1 } })).status).toBe(401);
    const other = (await signedInAs(ctx, allRoles)).client;
    expect((await call(other, bankFilesContracts.remittances)).status).toBe(403);
    expect((await call(other, bankFilesContracts.remittance, { params: { rmId: 1 } })).status).toBe(403);
    expect((await call(other, bankFilesContracts.remittanceFile, { params: { rmId: 1 } })).status).toBe(403);
    const job = await call(other, jobsContracts.sendWithData, { params: { jobCommand: 'remessa-gerar', userData: 0 } });
    expect(job.status).toBe(403);
    for (const bad of ['abc', '0', '-2']) {
      const res = await call(finance, bankFilesContracts.remittance, { params: { rmId: bad as unknown as number } });
      expect(res.status, bad).toBe(400);
      expect(res.error.message).toBe('rmId: Valor não válido');
    }
    const status = await call(finance, bankFilesContracts.remittance, { params: { rmId: 1 }, query: { status: 'pago' as never } });
    expect(status.status).toBe(400);
    expect((await call(finance, bankFilesContracts.remittance, { params: { rmId: 999_999 } })).error.message).toBe('Remessa não encontrada');
  });

  it('a failure while writing leaves no remittance, no NSA consumed and no file record', async () => {
    const before = { remittances: await count('bank_remittances'), files: await count('files'), nsas: await nsas() };
    await ctx.db.execute(
      sql`create function bank_lines_fail() returns trigger language plpgsql as $$ begin raise exception 'falha de teste'; end $$`,
    );
    await ctx.db.execute(sql`create trigger bank_lines_fail before insert on bank_remittance_lines execute function bank_lines_fail()`);
    try {
      await expect(ctx.app.services.bankRemittance.generate({ actor: { userId: financeUserId, name: 'Teste' }, jobId: null })).rejects.toThrow();
    } finally {
      await ctx.db.execute(sql`drop trigger bank_lines_fail on bank_remittance_lines`);
      await ctx.db.execute(sql`drop function bank_lines_fail()`);
    }
    expect(await count('bank_remittances')).toBe(before.remittances);
    expect(await count('files')).toBe(before.files);
    expect(await nsas()).toEqual(before.nsas);
    expect(Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from charges where rm_id is not null`)).rows[0]!.n)).toBe(0);
  });

  it('writes one file per debit place of the unsent charges, lists them with their lines, and a second run sends nothing', async () => {
    const job = await runJob();
    expect(job.jobStatus).toBe(30);
    // The charge without branch/account is listed, not silently left out.
    expect(job.jobResult).toContain(`cobrança ${charge.noAccount} não enviada: sem agência/conta de débito`);

    const list = await call(finance, bankFilesContracts.remittances);
    expect(list.status).toBe(200);
    const rows = list.body;
    expect(rows.map((r) => r.bnkName).sort()).toEqual(['Associação (desconto em folha)', 'Banco do Brasil', 'Boleto Bancário', 'Santander']);
    expect(job.jobResult).toContain(`cobrança ${charge.boletoNoAddress} não enviada: pagador sem CPF ou endereço com CEP, cidade e UF`);

    // The boletos' CNAB 240 registration: 240 characters a line, a P and a Q for the boleto, with the nosso número it prints.
    const boletoRow = rows.find((r) => r.bnkId === 11)!;
    expect(boletoRow).toMatchObject({ layout: 'cnab240', rmRecords: 2, rmTotalValue: 6_321, rmLastRemessa: 1 });
    const boletoText = decodeLatin1(
      new Uint8Array((await call(finance, bankFilesContracts.remittanceFile, { params: { rmId: boletoRow.rmId } })).body as unknown as Buffer),
    );
    const boletoLines = splitLines(boletoText, 240);
    expect(boletoLines.every((l) => l.length === 240)).toBe(true);
    expect(boletoLines.map((l) => (l[7] === '3' ? l[13] : l[7])).join('')).toBe('01PQPQ59');
    const printed = boletoNumbers({ bank: '001', agreement: '1474166', sequence: '101', wallet: '17', dueDate: '2031-03-10', amountCents: 4_321 });
    expect(boletoLines.find((l) => l[7] === '3' && l[13] === 'P')).toContain(printed.nossoNumero);
    expect(boletoLines.find((l) => l[7] === '3' && l[13] === 'Q')).toContain('FABIO BOLETO');
    const bb = rows.find((r) => r.bnkId === 2)!;
    expect(bb).toMatchObject({ rmLastRemessa: 1, rmRecords: 2, rmTotalValue: 12_845, layout: 'cnab150', createdByName: expect.any(String) });
    expect(bb.conciliacao).toEqual({
      sent: { count: 2, total: 12_845 },
      paid: { count: 0, total: 0 },
      rejected: { count: 0, total: 0 },
      writtenOff: { count: 0, total: 0 },
      pending: { count: 2, total: 12_845 },
      paidValue: 0,
    });

    // The file: every line 150 characters and CRLF; the E records carry the member and charge ids and the values.
    const file = await call(finance, bankFilesContracts.remittanceFile, { params: { rmId: bb.rmId } });
    expect(file.status).toBe(200);
    expect(String(file.res.headers['content-disposition'])).toContain(bb.fileName);
    const text = decodeLatin1(new Uint8Array(file.body as unknown as Buffer));
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = splitLines(text, 150);
    expect(lines.every((l) => l.length === 150)).toBe(true);
    expect(
      text
        .split('\r\n')
        .slice(0, -1)
        .every((l) => l.length === 150),
    ).toBe(true);
    const read = readDebitReturn(text);
    expect(read.header).toMatchObject({ agreement: '4455', bankCode: '001', nsa: 1 });
    expect(read.requests.map((r) => [Number(r.memberId), Number(r.chargeId), r.valueCents])).toEqual([
      [people.bb, charge.bb, 12_345],
      [people.bb2, charge.bb2, 500],
    ]);
    expect(read.trailer).toEqual({ recordCount: 4, totalCents: 12_845 });

    const detail = await call(finance, bankFilesContracts.remittance, { params: { rmId: bb.rmId } });
    expect(detail.status).toBe(200);
    expect(detail.body.total).toBe(2);
    expect(detail.body.items.map((l) => [l.cobId, l.custName, l.value, l.status, l.line])).toEqual([
      [charge.bb, 'Ana Débito BB', 12_345, 'pending', 2],
      [charge.bb2, 'Beto Débito BB', 500, 'pending', 3],
    ]);
    const paged = await call(finance, bankFilesContracts.remittance, {
      params: { rmId: bb.rmId },
      query: { page: 2, pageSize: 1, status: 'pending' },
    });
    expect(paged.body.items.map((l) => l.cobId)).toEqual([charge.bb2]);
    expect((await call(finance, bankFilesContracts.remittance, { params: { rmId: bb.rmId }, query: { status: 'paid' } })).body.total).toBe(0);

    const sent = await ctx.db.execute<{ cob_id: number; rm_id: number | null }>(sql`select cob_id, rm_id from charges order by cob_id`);
    const rmOf = new Map(sent.rows.map((r) => [r.cob_id, r.rm_id]));
    expect(rmOf.get(charge.bb)).toBe(bb.rmId);
    expect(rmOf.get(charge.noAccount)).toBeNull();
    expect(rmOf.get(charge.settled)).toBeNull();
    const audit = await ctx.db.execute(sql`select 1 from audits where category = 'remessas' and entity_id = ${String(bb.rmId)}`);
    expect(audit.rows).toHaveLength(1);

    // Payroll: the registration is the internal number; Santander its own NSA 1.
    const payroll = rows.find((r) => r.bnkId === 10)!;
    expect(payroll).toMatchObject({ layout: 'payroll', rmRecords: 1, rmTotalValue: 25_000, rmLastRemessa: 1 });
    expect(rows.find((r) => r.bnkId === 1)).toMatchObject({ rmLastRemessa: 1, rmRecords: 1, rmTotalValue: 9_900 });

    // Nothing left to send: no new file, no NSA consumed.
    const before = await nsas();
    const again = await runJob();
    expect(again.jobStatus).toBe(30);
    expect(again.jobResult).toContain('Nenhuma cobrança a enviar');
    expect((await call(finance, bankFilesContracts.remittances)).body).toHaveLength(4);
    expect(await nsas()).toEqual(before);

    // A new charge goes in the next file, NSA 2.
    charge.later = await addCharge(people.bb2, 2, 800, { ag: '0001', conta: '00000006', dv: 'X' });
    await runJob();
    const next = (await call(finance, bankFilesContracts.remittances)).body[0]!;
    expect(next).toMatchObject({ bnkId: 2, rmLastRemessa: 2, rmRecords: 1, rmTotalValue: 800 });
  });

  it('Enviar boletos gerados por e-mail: each boleto of the newest boleto remittance once, with its PDF; a holder without e-mail listed', async () => {
    const other = (await signedInAs(ctx, allRoles)).client;
    expect((await call(other, jobsContracts.sendWithData, { params: { jobCommand: 'boletos-email', userData: 0 } })).status).toBe(403);
    const queued = async () =>
      (await ctx.db.execute<{ id: number; cst_id: number }>(sql`select id, cst_id from outbox where cst_id in (${people.boleto}) order by id`)).rows;
    const job = await runJob('boletos-email');
    expect(job.jobStatus).toBe(30);
    expect(job.jobResult).toContain('1 boleto(s) enviado(s) por e-mail');
    expect(job.jobResult).toContain(`cobrança ${charge.boletoNoEmail} (Gil Sem Email) não enviada: Associado sem e-mail cadastrado`);
    const first = await queued();
    expect(first).toHaveLength(1);
    const links = await ctx.db.execute(sql`select 1 from file_links where owner_kind = 'outbox' and owner_id = ${String(first[0]!.id)}`);
    expect(links.rows).toHaveLength(1);
    // Again: nothing sent twice.
    const again = await runJob('boletos-email');
    expect(again.jobResult).toContain('0 boleto(s) enviado(s) por e-mail');
    expect(await queued()).toEqual(first);
  });
});
