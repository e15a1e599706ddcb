import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankFilesContracts,
  buildBoletoReturnFrom,
  buildDebitRemittance,
  buildDebitReturnFrom,
  buildPayrollReturnFrom,
  decodeLatin1,
  encodeLatin1,
  jobsContracts,
  postingMessages,
  roleCatalogue,
  type Role,
} from '@assoc/domain';
import { addAddress, call, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { jobEnded } from '../../../test/barriers.js';
import { multipartBody } from '../../../test/multipart.js';

let ctx: TestContext;
let finance: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal' && r !== 'v2menufinanceiro');
const cob = {} as Record<'paid' | 'rejected' | 'partial' | 'none' | 'santander' | 'payroll' | 'boleto', number>;
const holder = {} as Record<'paid' | 'rejected' | 'partial' | 'payroll' | 'boleto', number>;
let bbFile = '';
let payrollFile = '';
let boletoFile = '';

const upload = (tipo: string | null, file: { name: string; data: Buffer } | null) =>
  call(
    finance,
    bankFilesContracts.importBank,
    multipartBody([
      ...(tipo === null ? [] : [{ name: 'tipo', value: tipo }]),
      ...(file ? [{ name: 'file', filename: file.name, data: file.data, contentType: 'text/plain' }] : []),
    ]),
  );

async function importAndWait(tipo: string, name: string, text: string) {
  const res = await upload(tipo, { name, data: Buffer.from(encodeLatin1(text)) });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  const jobId = res.body.jobId;
  await jobEnded([ctx.app], jobId, async () => (await call(finance, jobsContracts.list)).body.find((j) => j.jobId === jobId), 30_000);
  const row = (await call(finance, bankFilesContracts.imports)).body.find((i) => i.importId === res.body.importId)!;
  return row;
}

async function addCharge(cstId: number, bnkId: number, value: number) {
  const account = bnkId === 10 ? sql`null, null, null` : sql`'1234', '0012345', '6'`;
  const result = await ctx.db.execute<{ cobId: number }>(sql`
    insert into charges (cst_id, bnk_id, cob_agencia, cob_conta, cob_conta_dv, cob_vencimento, cob_valor)
    values (${cstId}, ${bnkId}, ${account}, '2031-04-10', ${value}) returning cob_id as "cobId"`);
  return result.rows[0]!.cobId;
}
const snapshot = async () => ({
  entries: (await ctx.db.execute(sql`select ext_id from statement_entries order by 1`)).rows.length,
  charges: (await ctx.db.execute(sql`select cob_id, cob_retorno::text, cdr_cod_ret from charges order by 1`)).rows,
  lines: (await ctx.db.execute(sql`select rm_id, cob_id, status, ret_code, paid_value from bank_remittance_lines order by 1, 2`)).rows,
});
const debt = async (cstId: number) =>
  Number(
    (await ctx.db.execute<{ b: number }>(sql`select coalesce(sum(ext_valor), 0)::int as b from statement_entries where cst_id = ${cstId}`)).rows[0]!
      .b,
  );

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  finance = (await signedInAs(ctx, ['v2access', 'v2menufinanceiro'])).client;
  for (const k of ['paid', 'rejected', 'partial'] as const) holder[k] = (await createMember(ctx, { custName: `Titular ${k}` })).cstId;
  holder.payroll = (await createMember(ctx, { custName: 'Titular folha', custCpf: '11144477735' })).cstId;
  cob.paid = await addCharge(holder.paid, 2, 10_000);
  cob.rejected = await addCharge(holder.rejected, 2, 20_000);
  cob.partial = await addCharge(holder.partial, 2, 30_000);
  cob.none = await addCharge(holder.paid, 2, 4_000);
  cob.santander = await addCharge(holder.rejected, 1, 5_000);
  cob.payroll = await addCharge(holder.payroll, 10, 7_000);
  holder.boleto = (await createMember(ctx, { custName: 'Titular boleto', custCpf: '39053344705' })).cstId;
  await addAddress(ctx, holder.boleto);
  cob.boleto = (
    await ctx.db.execute<{ cobId: number }>(sql`
      insert into charges (cst_id, bnk_id, cob_banco, cob_convenio, cob_carteira, cob_nosso_numero, cob_vencimento, cob_valor)
      values (${holder.boleto}, 11, '001', '1474166', '17', 77, '2031-04-10', 6_500) returning cob_id as "cobId"`)
  ).rows[0]!.cobId;
  const run = await ctx.app.services.bankRemittance.generate({ actor: { userId: 1, name: 'Teste' }, jobId: null });
  const textOf = async (bnkId: number) => {
    const file = await ctx.app.services.bankRemittance.file(run.files.find((f) => f.bnkId === bnkId)!.rmId);
    return decodeLatin1(new Uint8Array(await ctx.app.services.files.bytes(file)));
  };
  bbFile = await textOf(2);
  payrollFile = await textOf(10);
  boletoFile = await textOf(11);
});

afterAll(async () => {
  await ctx?.close();
});

describe('Importar banco (issue 25 item 3)', () => {
  it('refuses anonymous callers (401), users without v2menufinanceiro (403) and bad input (400, pt-BR), writing nothing', async () => {
    const body = multipartBody([
      { name: 'tipo', value: 'cnab150-bb' },
      { name: 'file', filename: 'r.ret', data: Buffer.from('x'), contentType: 'text/plain' },
    ]);
    expect((await call(ctx.app, bankFilesContracts.importBank, body)).status).toBe(401);
    expect((await call(ctx.app, bankFilesContracts.imports)).status).toBe(401);
    const other = (await signedInAs(ctx, allRoles)).client;
    expect((await call(other, bankFilesContracts.importBank, body)).status).toBe(403);
    const before = await snapshot();
    const cases: [string | null, { name: string; data: Buffer } | null, string][] = [
      [null, { name: 'r.ret', data: Buffer.from('A') }, 'tipo: Campo obrigatório'],
      ['cnab999', { name: 'r.ret', data: Buffer.from('A') }, 'tipo: Valor não válido'],
      ['cnab150-bb', null, 'file: Selecione o arquivo de retorno'],
      ['cnab150-bb', { name: 'r.ret', data: Buffer.alloc(0) }, 'file: O arquivo está vazio'],
      ['cnab150-bb', { name: 'planilha.xls', data: Buffer.from('A') }, `file: ${postingMessages.xlsRefused}`],
      ['cnab150-bb', { name: 'r.ret', data: Buffer.from([0x41, 0, 0x42]) }, 'file: O arquivo não é um arquivo de retorno em texto (CNAB ou folha)'],
    ];
    for (const [tipo, file, message] of cases) {
      const res = await upload(tipo, file);
      expect(res.status, message).toBe(400);
      expect(res.error.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
    expect((await call(finance, bankFilesContracts.imports)).body).toEqual([]);
  });

  it('a return whose trailer does not add up is refused whole, with the reason, and changes nothing', async () => {
    const good = buildDebitReturnFrom(bbFile, { [cob.paid]: '00' }, { nsa: 90 });
    const lines = good.text.split('\r\n');
    const z = lines[lines.length - 2]!;
    lines[lines.length - 2] = z.slice(0, 1) + String(Number(z.slice(1, 7)) + 1).padStart(6, '0') + z.slice(7);
    const before = await snapshot();
    const row = await importAndWait('cnab150-bb', 'ruim.ret', lines.join('\r\n'));
    expect(row.status).toBe('refused');
    expect(row.message).toMatch(/^Arquivo recusado: o trailer não confere com os registros/);
    expect(await snapshot()).toEqual(before);
  });

  it('a return from another bank than the type says is refused', async () => {
    const text = buildDebitReturnFrom(bbFile, { [cob.paid]: '00' }, { nsa: 91 }).text;
    const row = await importAndWait('cnab150-santander', 'outro.ret', text);
    expect(row.status).toBe('refused');
    expect(row.message).toBe('O arquivo é do banco 001, não do banco 033 escolhido');
  });

  it('settles exactly the charges the return names: paid with its credit, rejected with its code, a different value listed; twice changes nothing', async () => {
    const debts = { paid: await debt(holder.paid), rejected: await debt(holder.rejected), partial: await debt(holder.partial) };
    const text = buildDebitReturnFrom(
      bbFile,
      { [cob.paid]: '00', [cob.rejected]: '01', [cob.partial]: { code: '00', valueCents: 29_000 } },
      { nsa: 7, date: '2031-04-11' },
    ).text.replace(/\r\n/g, '\n');
    const row = await importAndWait('cnab150-bb', 'retorno.ret', text);
    expect(row.status, row.message ?? '').toBe('done');
    expect(row.nsa).toBe(7);
    expect(row.result).toMatchObject({
      records: 3,
      paid: { count: 2, total: 39_000 },
      rejected: { count: 1, total: 20_000 },
      writtenOff: { count: 0, total: 0 },
      alreadySettled: 0,
    });
    expect(row.result!.problems).toEqual([
      expect.objectContaining({ kind: 'value', cobId: cob.partial, message: `Cobrança ${cob.partial}: enviado R$ 300,00, pago R$ 290,00` }),
    ]);

    const charges = await ctx.db.execute<{ cob_id: number; retorno: string | null; code: number | null }>(
      sql`select cob_id, cob_retorno::text as retorno, cdr_cod_ret as code from charges order by cob_id`,
    );
    const byId = new Map(charges.rows.map((c) => [c.cob_id, c]));
    expect(byId.get(cob.paid)).toMatchObject({ retorno: '2031-04-10', code: 0 });
    expect(byId.get(cob.rejected)).toMatchObject({ retorno: '2031-04-10', code: 1 });
    expect(byId.get(cob.partial)).toMatchObject({ code: 0 });
    expect(byId.get(cob.none)).toMatchObject({ retorno: null, code: null });
    // The return date is the F record's debit date (the due date the remittance asked for).
    // Credits only for what was paid, keyed by bank + NSA + record.
    expect(await debt(holder.paid)).toBe(debts.paid - 10_000);
    expect(await debt(holder.rejected)).toBe(debts.rejected);
    expect(await debt(holder.partial)).toBe(debts.partial - 29_000);
    const keys = await ctx.db.execute<{ k: string }>(sql`select ext_key as k from statement_entries where ext_key like 'retorno:%' order by 1`);
    expect(keys.rows.map((r) => r.k)).toEqual(['retorno:001:7:2', 'retorno:001:7:4']);

    // The remittance's lines and reconciliation.
    const rm = (await call(finance, bankFilesContracts.remittances)).body.find((r) => r.bnkId === 2)!;
    expect(rm.conciliacao).toMatchObject({
      paid: { count: 2, total: 40_000 },
      rejected: { count: 1, total: 20_000 },
      pending: { count: 1, total: 4_000 },
      paidValue: 39_000,
    });
    const rejected = await call(finance, bankFilesContracts.remittance, { params: { rmId: rm.rmId }, query: { status: 'rejected' } });
    expect(rejected.body.items).toEqual([
      expect.objectContaining({ cobId: cob.rejected, retCode: '01', retDescription: expect.stringContaining('Débito não efetuado') }),
    ]);

    // The same file again: 409, nothing changes.
    const before = await snapshot();
    const again = await upload('cnab150-bb', { name: 'retorno.ret', data: Buffer.from(encodeLatin1(text)) });
    expect(again.status).toBe(409);
    expect(again.error.message).toMatch(/^Este arquivo já foi importado em \d{2}\/\d{2}\/\d{4}/);
    expect(await snapshot()).toEqual(before);

    // Another file naming an already settled charge: listed, no second credit.
    const second = buildDebitReturnFrom(bbFile, { [cob.paid]: '00' }, { nsa: 8 }).text;
    const row2 = await importAndWait('cnab150-bb', 'retorno2.ret', second);
    expect(row2.result!.alreadySettled).toBe(1);
    expect(row2.result!.problems).toEqual([expect.objectContaining({ kind: 'already', cobId: cob.paid })]);
    expect(await debt(holder.paid)).toBe(debts.paid - 10_000);
  });

  it('lists a record that matches no charge of that bank', async () => {
    const foreign = buildDebitRemittance({
      bank: 'bb',
      agreement: { code: '123456', companyName: 'ASSOC', test: true },
      nsa: 40,
      date: '2031-04-01',
      debits: [{ memberId: 1, chargeId: 987654, agency: '1', account: '2', dueDate: '2031-04-10', valueCents: 100 }],
    }).text;
    const row = await importAndWait('cnab150-bb', 'estranho.ret', buildDebitReturnFrom(foreign, { 987654: '00' }).text);
    expect(row.status).toBe('done');
    expect(row.result!.problems).toEqual([
      expect.objectContaining({ kind: 'unmatched', message: 'Registro sem cobrança correspondente nas remessas deste banco: 987654' }),
    ]);
  });

  it('an import whose job gave up (a crashed worker, retries spent) is marked failed and blocks neither the next import nor its file', async () => {
    const text = buildDebitReturnFrom(bbFile, { [cob.none]: '00' }, { nsa: 60 }).text;
    const sha256 = crypto
      .createHash('sha256')
      .update(Buffer.from(encodeLatin1(text)))
      .digest('hex');
    const userId = (await ctx.db.execute<{ id: number }>(sql`select min(user_id) as id from users`)).rows[0]!.id;
    const jobId = crypto.randomUUID();
    await ctx.db.execute(sql`
      insert into jobs (job_id, job_name, job_description, job_status, user_id) values (${jobId}, 'banco-importar', 'Importar banco', 20, ${userId})`);
    await ctx.db.execute(sql`
      insert into bank_imports (origin, tipo, file_name, sha256, job_id) values ('banco', 'cnab150-bb', 'caiu.ret', ${sha256}, ${jobId})`);
    const row = await importAndWait('cnab150-bb', 'caiu.ret', text);
    expect(row.status, row.message ?? '').toBe('done');
    const abandoned = (await call(finance, bankFilesContracts.imports)).body.find((i) => i.fileName === 'caiu.ret' && i.importId !== row.importId)!;
    expect(abandoned).toMatchObject({ status: 'failed', message: 'Importação interrompida: a tarefa não terminou.' });
  });

  it('the boleto bank return (CNAB 240 T/U) settles the boleto the remittance registered', async () => {
    const before = await debt(holder.boleto);
    const row = await importAndWait('cnab240-boleto', 'boletos.ret', buildBoletoReturnFrom(boletoFile, { [cob.boleto]: 'paid' }, { nsa: 4 }).text);
    expect(row.status, row.message ?? '').toBe('done');
    expect(row.result!.paid).toEqual({ count: 1, total: 6_500 });
    expect(await debt(holder.boleto)).toBe(before - 6_500);
  });

  it('the payroll return settles the channel-10 charge for what was deducted', async () => {
    const before = await debt(holder.payroll);
    const row = await importAndWait('folha', 'folha.ret', buildPayrollReturnFrom(payrollFile, { [cob.payroll]: '00' }, { nsa: 3 }).text);
    expect(row.status, row.message ?? '').toBe('done');
    expect(row.result!.paid).toEqual({ count: 1, total: 7_000 });
    expect(await debt(holder.payroll)).toBe(before - 7_000);
  });
});
