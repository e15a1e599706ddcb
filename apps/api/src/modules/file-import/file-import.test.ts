import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankFilesContracts,
  buildPayrollReturnFrom,
  decodeLatin1,
  encodeLatin1,
  jobsContracts,
  mobileCallsContracts,
  postingMessages,
  roleCatalogue,
  type Role,
} from '@assoc/domain';
import {
  call,
  createMember,
  createPhoneLineFamily,
  createTestApp,
  PHONE_LINES,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';
import { jobEnded } from '../../../test/barriers.js';
import { multipartBody } from '../../../test/multipart.js';

let ctx: TestContext;
let importer: Client;
let reader: Client;
const HOLDER_LINE = PHONE_LINES.holder;
const DEPENDENT_LINE = PHONE_LINES.dependent;
const people = {} as Record<'holder' | 'dependent', number>;

const upload = (client: Client, tipo: string | null, file: { name: string; data: Buffer; type?: string } | null) =>
  call(
    client,
    bankFilesContracts.importFile,
    multipartBody([
      ...(tipo === null ? [] : [{ name: 'tipo', value: tipo }]),
      ...(file ? [{ name: 'file', filename: file.name, data: file.data, contentType: file.type ?? 'text/csv' }] : []),
    ]),
  );

async function importAndWait(tipo: string, file: { name: string; data: Buffer }) {
  const res = await upload(importer, tipo, file);
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  const jobId = res.body.jobId;
  await jobEnded([ctx.app], jobId, async () => (await call(importer, jobsContracts.list)).body.find((j) => j.jobId === jobId), 30_000);
  return (await call(importer, bankFilesContracts.imports)).body.find((i) => i.importId === res.body.importId)!;
}

const csv = (...rows: string[]) => Buffer.from(['linha;data;hora;destino;tipo;quantidade;valor', ...rows].join('\r\n'));
const snapshot = async () => ({
  calls: (await ctx.db.execute(sql`select count(*)::int as n from mobile_calls`)).rows[0],
  entries: (await ctx.db.execute(sql`select count(*)::int as n from statement_entries`)).rows[0],
  imports: (await ctx.db.execute(sql`select count(*)::int as n from bank_imports`)).rows[0],
});
const postings = async (cstId: number) =>
  (
    await ctx.db.execute<{ valor: number; descricao: string; resp: number }>(
      sql`select ext_valor as valor, ext_descricao as descricao, resp_id as resp from statement_entries where cst_id = ${cstId} order by ext_id`,
    )
  ).rows;

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  importer = (await signedInAs(ctx, ['v2access', 'v2menufinimp'])).client;
  reader = (await signedInAs(ctx, ['v2access', 'v2tabextratos'])).client;
  const { holder, dependent } = await createPhoneLineFamily(ctx);
  Object.assign(people, { holder: holder.cstId, dependent: dependent.cstId });
});
afterAll(() => ctx?.close());

describe('Importar arquivo (issue 25 item 5)', () => {
  it('refuses anonymous callers (401), users without v2menufinimp (403) and bad input (400, pt-BR), writing nothing', async () => {
    const file = { name: 'fatura.csv', data: csv(`${HOLDER_LINE};05/10/2026;08:00;1133334444;Ligação local;2;1,00`) };
    expect((await call(ctx.app, bankFilesContracts.importFile, multipartBody([{ name: 'tipo', value: 'fatura-celular' }]))).status).toBe(401);
    const others = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2menufinimp' && r !== 'v2portal');
    expect((await upload((await signedInAs(ctx, others)).client, 'fatura-celular', file)).status).toBe(403);
    const before = await snapshot();
    const cases: [string | null, { name: string; data: Buffer } | null, string][] = [
      [null, file, 'tipo: Campo obrigatório'],
      ['cnab150-bb', file, 'tipo: Valor não válido'],
      ['fatura-celular', null, 'file: Selecione o arquivo de retorno'],
      ['fatura-celular', { name: 'f.csv', data: Buffer.alloc(0) }, 'file: O arquivo está vazio'],
      ['fatura-celular', { name: 'fatura.xls', data: Buffer.from('a;b') }, `file: ${postingMessages.xlsRefused}`],
      ['folha-retorno', { name: 'folha.xls', data: Buffer.from('a;b') }, `file: ${postingMessages.xlsRefused}`],
      ['fatura-celular', { name: 'fatura.pdf', data: Buffer.from('%PDF-1.4') }, 'file: Tipo de arquivo não aceito: envie XLSX, CSV ou texto'],
      ['fatura-celular', { name: 'f.csv', data: csv('') }, 'file: O arquivo não tem registros'],
      [
        'fatura-celular',
        { name: 'f.csv', data: csv(`${HOLDER_LINE};05/10/2026;08:00;x;y;2;1,00`, `${HOLDER_LINE};31/09/2026;08:00;x;y;2;1,00`) },
        'file: Linha 3: data inválida (DD/MM/AAAA)',
      ],
    ];
    for (const [tipo, f, message] of cases) {
      const res = await upload(importer, tipo, f);
      expect(res.status, message).toBe(400);
      expect(res.error.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the phone invoice: calls in the mobile statement of the line's holder, each line's month total posted once, unmatched lines listed", async () => {
    const data = csv(
      `${HOLDER_LINE};05/10/2026;08:15;1133334444;Ligação local;3;1,25`,
      `(11) 91234-0002;06/10/2026;09:00;Internet;Dados;250;0,75`,
      `${DEPENDENT_LINE};07/10/2026;10:30:00;11988887777;SMS;1;0,25`,
      `11955550000;07/10/2026;10:30;11988887777;SMS;1;0,25`,
    );
    const row = await importAndWait('fatura-celular', { name: 'fatura-out.csv', data });
    expect(row.status, row.message ?? '').toBe('done');
    expect(row).toMatchObject({ origem: 'arquivo', tipoLabel: 'Fatura da operadora de celular' });
    expect(row.result).toMatchObject({ records: 4, paid: { count: 2, total: 225 } });
    expect(row.result!.problems).toEqual([
      expect.objectContaining({ line: 5, kind: 'unmatched', message: 'Linha 11955550000 não pertence a nenhum associado com plano de celular' }),
    ]);
    const statement = await call(reader, mobileCallsContracts.statement, { params: { cstId: people.holder, ano: 2026, mes: 10 } });
    expect(statement.status, JSON.stringify(statement.error)).toBe(200);
    expect(statement.body.chamadas).toHaveLength(3);
    expect(statement.body.total).toBe(225);
    expect(await postings(people.holder)).toEqual([
      { valor: 125, descricao: `Fatura do celular 10/2026 - linha ${HOLDER_LINE}`, resp: people.holder },
      { valor: 100, descricao: `Fatura do celular 10/2026 - linha ${DEPENDENT_LINE}`, resp: people.dependent },
    ]);

    // The same file again: 409, nothing changes; another file of the same month: refused, naming it.
    const before = await snapshot();
    const again = await upload(importer, 'fatura-celular', { name: 'fatura-out.csv', data });
    expect(again.status).toBe(409);
    expect(again.error.message).toMatch(/^Este arquivo já foi importado em/);
    const other = await upload(importer, 'fatura-celular', {
      name: 'corrigida.csv',
      data: csv(`${HOLDER_LINE};08/10/2026;08:15;1;Ligação local;1;9,99`),
    });
    expect(other.status).toBe(409);
    expect(other.error.message).toMatch(/^A fatura de 10\/2026 já foi importada em \d{2}\/\d{2}\/\d{4}/);
    expect(await snapshot()).toEqual(before);
  });

  it('reads the invoice from an XLSX too', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Fatura');
    sheet.addRow(['Linha', 'Data', 'Hora', 'Destino', 'Tipo', 'Quantidade', 'Valor']);
    sheet.addRow([HOLDER_LINE, '03/11/2026', '14:00', '1133334444', 'Ligação DDD', 12, 2.5]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const row = await importAndWait('fatura-celular', { name: 'fatura-nov.xlsx', data });
    expect(row.status, row.message ?? '').toBe('done');
    expect(row.result).toMatchObject({ records: 1, paid: { count: 1, total: 250 } });
  });

  it('the payroll return goes through the bank import and settles the channel-10 charge', async () => {
    const payroll = await createMember(ctx, { custName: 'Titular Folha', custCpf: '11144477735', custNumeroInterno: '4321' });
    const cobId = (
      await ctx.db.execute<{ cobId: number }>(sql`
        insert into charges (cst_id, bnk_id, cob_vencimento, cob_valor) values (${payroll.cstId}, 10, '2031-04-10', 8_800) returning cob_id as "cobId"`)
    ).rows[0]!.cobId;
    const run = await ctx.app.services.bankRemittance.generate({ actor: { userId: 1, name: 'Teste' }, jobId: null });
    const stored = await ctx.app.services.bankRemittance.file(run.files.find((f) => f.bnkId === 10)!.rmId);
    const text = buildPayrollReturnFrom(decodeLatin1(new Uint8Array(await ctx.app.services.files.bytes(stored))), { [cobId]: '00' }, { nsa: 2 }).text;
    const row = await importAndWait('folha-retorno', { name: 'folha.ret', data: Buffer.from(encodeLatin1(text)) });
    expect(row.status, row.message ?? '').toBe('done');
    expect(row).toMatchObject({ origem: 'arquivo', tipo: 'folha' });
    expect(row.result!.paid).toEqual({ count: 1, total: 8_800 });
  });
});
