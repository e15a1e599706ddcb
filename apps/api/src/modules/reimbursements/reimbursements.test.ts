import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatCents,
  genericMessages as m,
  healthDeclarationContracts,
  incomeTaxContracts,
  memberContracts,
  reimbursementContracts,
  reimbursementMessages as rm,
  roleCatalogue,
  type Role,
} from '@assoc/domain';
import { extratoGroups, products, servicePlugins, services, suppliers } from '../../db/schema/index.js';
import {
  call,
  createDependent,
  createSavableMember,
  createServiceRows,
  createTestApp,
  getMember,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';
import { multipartBody } from '../../../test/multipart.js';
import { testPdf } from '../process/process.testing.js';
import { pdfText } from '../documents/pdf-text.testing.js';

let ctx: TestContext;
let staff: Client;
let staffName: string;
/** Every role but the portal's and the tab's: may save the member, not its reimbursements. */
let noTab: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
const PLAN_SVC = 9721;
const CARD = '123456789';

beforeAll(async () => {
  ctx = await createTestApp();
  ({
    client: staff,
    user: { name: staffName },
  } = await signedInAs(ctx, allRoles));
  ({ client: noTab } = await signedInAs(
    ctx,
    allRoles.filter((r) => r !== 'v2tabressarcimento'),
  ));
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Operadora Reembolso' }).returning();
  await ctx.db.insert(products).values({ sucId: 21, supId: sup!.supId, sucName: 'Plano Enfermaria', sucHealth: true });
  const [health] = await ctx.db.insert(extratoGroups).values({ extgrpName: 'Planos de saúde', extgrpSaude: true }).returning();
  await ctx.db.insert(services).values({ svcId: PLAN_SVC, sucId: 21, svcName: 'Plano Enfermaria', svcValor: 50_000, irgrpId: health!.extgrpID });
  await ctx.db.insert(servicePlugins).values({ svcId: PLAN_SVC, plugin: 'plgHealth' });
});
afterAll(() => ctx?.close());

/** A savable holder with a dependent, both in the health plan (the dependent with a card). */
async function family() {
  const holder = await createSavableMember(ctx, { custName: 'Titular Reembolso' });
  const dependent = await createDependent(ctx, holder.cstId, { custName: 'Filha Reembolso', custParentesco: 2 });
  await createServiceRows(ctx, holder.cstId, [{ svcId: PLAN_SVC, valor: 50_000, cslStr1: '987654321', cslInicio: '2020-01-01' }]);
  await createServiceRows(ctx, dependent.cstId, [{ svcId: PLAN_SVC, valor: 40_000, cslStr1: CARD, cslInicio: '2020-01-01' }]);
  return { holder, dependent };
}

const upload = (client: Client, data: Buffer = testPdf('recibo'), filename = 'recibo.pdf') =>
  call(client, reimbursementContracts.upload, { ...multipartBody([{ name: 'file', filename, data }]) });

async function uploaded(client: Client = staff) {
  const res = await upload(client);
  expect(res.status, res.res.body).toBe(201);
  return res.body;
}

async function procedure(overrides: Record<string, unknown> = {}) {
  const doc = await uploaded();
  return {
    procProcedimentoId: 1,
    procProcedimentoData: '2025-03-10',
    procProcedimentoValor: 25_000,
    procProtocolo: 'P-1',
    procCCH: false,
    procObservacao: 'Consulta de rotina',
    procKey: doc.key,
    keyLength: doc.keyLength,
    operation: 'insert',
    ...overrides,
  };
}

const newClaim = async (patient: number, procedures: unknown[]) => ({
  resId: -1,
  resPacienteCstId: patient,
  resMarcaOtica: CARD.slice(0, 8),
  resProtocoloAssoc: '',
  procedimentos: procedures,
  operation: 'insert',
});

/** Saves the member's reimbursements only, at the version read (or the one given). */
async function save(client: Client, cstId: number, ressarcimentos: unknown[], version?: number) {
  const current = version ?? (await getMember(staff, cstId)).version;
  return call(client, memberContracts.update, { params: { cstId }, body: { version: current, ressarcimentos } as never });
}

const claimsOf = async (cstId: number) => (await getMember(staff, cstId)).ressarcimentos ?? [];
const creditsOf = async (cstId: number) =>
  (
    await ctx.db.execute<{ extKey: string; extValor: number; respId: number; svcId: number; extTipo: string }>(sql`
      select ext_key as "extKey", ext_valor as "extValor", resp_id as "respId", svc_id as "svcId", ext_tipo as "extTipo"
        from statement_entries where cst_id = ${cstId} and ext_key like 'ressarcimento:%' order by ext_id`)
  ).rows;

describe('GET ressarcimento/pacientes/{cstId}', () => {
  it('answers the holder and the dependents with their card; 401 signed out, 403 without the tab, 404 unknown', async () => {
    const { holder, dependent } = await family();
    const res = await call(staff, reimbursementContracts.patients, { params: { cstId: holder.cstId } });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toEqual([
      { cstId: holder.cstId, custName: 'Titular Reembolso', carteirinha: '987654321' },
      { cstId: dependent.cstId, custName: 'Filha Reembolso', carteirinha: CARD },
    ]);
    // From the dependent: the same family.
    expect((await call(staff, reimbursementContracts.patients, { params: { cstId: dependent.cstId } })).body).toEqual(res.body);
    expect((await call(ctx.app, reimbursementContracts.patients, { params: { cstId: holder.cstId } })).status).toBe(401);
    expect((await call(noTab, reimbursementContracts.patients, { params: { cstId: holder.cstId } })).status).toBe(403);
    expect((await call(staff, reimbursementContracts.patients, { params: { cstId: 999_999_999 } })).status).toBe(404);
  });
});

describe('the member save’s ressarcimentos', () => {
  it('inserts a claim with two procedures and their documents: names, received date and receiver are the server’s', async () => {
    const { holder, dependent } = await family();
    const before = await getMember(staff, holder.cstId);
    const claim = await newClaim(dependent.cstId, [await procedure(), await procedure({ procProcedimentoId: 2, procProcedimentoValor: 8_000 })]);
    const res = await save(staff, holder.cstId, [
      { ...claim, resPacienteNome: 'Outro Nome', resRecebidoPor: 'Outro', resRecebidoData: '2001-01-01' },
    ]);
    expect(res.status, res.res.body).toBe(200);
    expect(res.body.version).toBe(before.version + 1);
    const [saved] = await claimsOf(holder.cstId);
    expect(saved).toMatchObject({
      cstId: holder.cstId,
      resTitularNome: 'Titular Reembolso',
      resPacienteCstId: dependent.cstId,
      resPacienteNome: 'Filha Reembolso',
      resMarcaOtica: '12345678',
      resProtocoloAssoc: null,
      resRecebidoPor: staffName,
      operation: 'none',
    });
    expect(Date.now() - new Date(saved!.resRecebidoData!).getTime()).toBeLessThan(60_000);
    expect(saved!.procedimentos.map((p) => [p.procProcedimentoId, p.procProcedimentoValor, p.procRetornoStatus])).toEqual([
      [1, 25_000, null],
      [2, 8_000, null],
    ]);
    // The member's audit holds the new claim.
    const audits = await ctx.db.execute<{ after: { ressarcimentos: unknown[] } }>(
      sql`select after from audits where category = 'users' and entity_id = ${String(holder.cstId)} order by audit_id desc limit 1`,
    );
    expect(audits.rows[0]!.after.ressarcimentos).toHaveLength(1);
    // The document opens inline: the first procedure's, or the one asked for.
    const doc = await call(staff, reimbursementContracts.document, { params: { resId: saved!.resId! } });
    expect(doc.status).toBe(200);
    expect(doc.res.headers['content-type']).toContain('application/pdf');
    expect(doc.res.headers['content-disposition']).toContain('inline');
    const second = saved!.procedimentos[1]!.procId!;
    expect((await call(staff, reimbursementContracts.document, { params: { resId: saved!.resId! }, query: { procId: second } })).status).toBe(200);
    expect((await call(staff, reimbursementContracts.document, { params: { resId: 999_999 } })).status).toBe(404);
    expect((await call(noTab, reimbursementContracts.document, { params: { resId: saved!.resId! } })).status).toBe(403);
  });

  it('insert then edit stays insert: a claim edited before the save is written once, with the edited values', async () => {
    const { holder } = await family();
    const claim = await newClaim(holder.cstId, [await procedure({ procProcedimentoValor: 9_900 })]);
    // The dialog edited the new row (markEdited keeps insert): the save inserts it as it is now.
    const res = await save(staff, holder.cstId, [{ ...claim, resProtocoloAssoc: 'ASSOC-7', operation: 'insert' }]);
    expect(res.status, res.res.body).toBe(200);
    const claims = await claimsOf(holder.cstId);
    expect(claims.map((c) => [c.resProtocoloAssoc, c.procedimentos[0]!.procProcedimentoValor])).toEqual([['ASSOC-7', 9_900]]);
    // A new claim deleted before the save is simply not written.
    const dropped = await save(staff, holder.cstId, [{ ...(await newClaim(holder.cstId, [await procedure()])), operation: 'delete' }]);
    expect(dropped.status).toBe(200);
    expect(await claimsOf(holder.cstId)).toHaveLength(1);
  });

  it('refuses the delete of a saved claim (400, nothing changed)', async () => {
    const { holder } = await family();
    expect((await save(staff, holder.cstId, [await newClaim(holder.cstId, [await procedure()])])).status).toBe(200);
    const [stored] = await claimsOf(holder.cstId);
    const { version } = await getMember(staff, holder.cstId);
    const res = await save(staff, holder.cstId, [{ ...stored, operation: 'delete' }]);
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(`ressarcimentos.0: ${rm.deleteSavedRefused}`);
    expect((await getMember(staff, holder.cstId)).version).toBe(version);
    expect(await claimsOf(holder.cstId)).toHaveLength(1);
  });

  it('400 with the field’s message and nothing written: optical mark, patient outside the family, document missing or another user’s, no procedure', async () => {
    const { holder } = await family();
    const stranger = await createSavableMember(ctx);
    const { client: other } = await signedInAs(ctx, allRoles);
    const othersDoc = await uploaded(other);
    const cases: [unknown, string][] = [
      [{ ...(await newClaim(holder.cstId, [await procedure()])), resMarcaOtica: '' }, `ressarcimentos.0.resMarcaOtica: ${m.required}`],
      [await newClaim(stranger.cstId, [await procedure()]), `ressarcimentos.0.resPacienteCstId: ${rm.patientNotOfHolder}`],
      [await newClaim(holder.cstId, [await procedure({ procKey: null })]), `ressarcimentos.0.procedimentos.0.procKey: ${rm.documentRequired}`],
      [
        await newClaim(holder.cstId, [await procedure({ procKey: othersDoc.key })]),
        `ressarcimentos.0.procedimentos.0.procKey: ${rm.documentUnknown}`,
      ],
      [await newClaim(holder.cstId, []), `ressarcimentos.0.procedimentos: ${rm.procedureRequired}`],
      [await newClaim(holder.cstId, [await procedure({ procProcedimentoId: 9 })]), `ressarcimentos.0.procedimentos.0.procProcedimentoId: ${m.oneOf}`],
      [
        await newClaim(holder.cstId, [await procedure({ procObservacao: 'x'.repeat(201) })]),
        `ressarcimentos.0.procedimentos.0.procObservacao: ${m.maxLength(200)}`,
      ],
    ];
    for (const [claim, message] of cases) {
      const res = await save(staff, holder.cstId, [claim]);
      expect([res.status, res.error.message]).toEqual([400, message]);
    }
    expect(await claimsOf(holder.cstId)).toEqual([]);
  });

  it('401 signed out, 403 without the tab’s role (nothing written), 409 over a newer version', async () => {
    const { holder } = await family();
    const claim = await newClaim(holder.cstId, [await procedure()]);
    const { version } = await getMember(staff, holder.cstId);
    expect(
      (await call(ctx.app, memberContracts.update, { params: { cstId: holder.cstId }, body: { version, ressarcimentos: [claim] } as never })).status,
    ).toBe(401);
    const forbidden = await save(noTab, holder.cstId, [claim], version);
    expect(forbidden.status).toBe(403);
    expect(await claimsOf(holder.cstId)).toEqual([]);
    expect((await save(staff, holder.cstId, [claim], version)).status).toBe(200);
    const stale = await save(staff, holder.cstId, [await newClaim(holder.cstId, [await procedure()])], version);
    expect([stale.status, stale.error.message]).toEqual([409, m.staleRecord]);
    expect(await claimsOf(holder.cstId)).toHaveLength(1);
    // Without the view role the list is left out of the member.
    const hidden = await call(noTab, memberContracts.get, { params: { cstId: holder.cstId } });
    expect(hidden.body.ressarcimentos).toBeUndefined();
  });

  it('edit mode: no procedure added, none deleted, the patient kept; the returns and the protocol change', async () => {
    const { holder, dependent } = await family();
    expect((await save(staff, holder.cstId, [await newClaim(dependent.cstId, [await procedure()])])).status).toBe(200);
    const [stored] = await claimsOf(holder.cstId);
    const added = await save(staff, holder.cstId, [{ ...stored, procedimentos: [...stored!.procedimentos, await procedure()], operation: 'update' }]);
    expect([added.status, added.error.message]).toEqual([400, `ressarcimentos.0.procedimentos.1: ${rm.proceduresLockedOnEdit}`]);
    const removed = await save(staff, holder.cstId, [
      { ...stored, procedimentos: stored!.procedimentos.map((p) => ({ ...p, operation: 'delete' })), operation: 'update' },
    ]);
    expect([removed.status, removed.error.message]).toEqual([400, `ressarcimentos.0.procedimentos.0: ${rm.proceduresLockedOnEdit}`]);
    const patient = await save(staff, holder.cstId, [{ ...stored, resPacienteCstId: holder.cstId, operation: 'update' }]);
    expect([patient.status, patient.error.message]).toEqual([400, `ressarcimentos.0.resPacienteCstId: ${rm.patientLockedOnEdit}`]);
    const denied = await save(staff, holder.cstId, [
      {
        ...stored,
        resProtocoloAssoc: 'A-99',
        procedimentos: stored!.procedimentos.map((p) => ({ ...p, procRetornoStatus: 3, procRetornoMotivo: 'Sem cobertura', operation: 'update' })),
        operation: 'update',
      },
    ]);
    expect(denied.status, denied.res.body).toBe(200);
    const [after] = await claimsOf(holder.cstId);
    expect([after!.resProtocoloAssoc, after!.procedimentos[0]!.procRetornoStatus, after!.procedimentos[0]!.procRetornoMotivo]).toEqual([
      'A-99',
      3,
      'Sem cobertura',
    ]);
    expect(await creditsOf(holder.cstId)).toEqual([]);
  });

  it('Pago credits the value once on the patient’s health plan in the holder’s ledger, even saved twice; a paid return is then locked', async () => {
    const { holder, dependent } = await family();
    expect((await save(staff, holder.cstId, [await newClaim(dependent.cstId, [await procedure(), await procedure()])])).status).toBe(200);
    const [stored] = await claimsOf(holder.cstId);
    const paid = (p: NonNullable<typeof stored>['procedimentos'][number], i: number) =>
      i === 0 ? { ...p, procRetornoStatus: 1, procRetornoData: '2025-04-01', procRetornoValor: 18_050, operation: 'update' } : p;
    const body = { ...stored, procedimentos: stored!.procedimentos.map(paid), operation: 'update' };
    // Pago without date and value: the field's message.
    const incomplete = await save(staff, holder.cstId, [
      { ...stored, procedimentos: stored!.procedimentos.map((p) => ({ ...p, procRetornoStatus: 1, operation: 'update' })), operation: 'update' },
    ]);
    expect([incomplete.status, incomplete.error.message]).toEqual([400, `ressarcimentos.0.procedimentos.0.procRetornoData: ${m.required}`]);
    expect((await save(staff, holder.cstId, [body])).status).toBe(200);
    expect((await save(staff, holder.cstId, [body])).status).toBe(200);
    const procId = stored!.procedimentos[0]!.procId;
    expect(await creditsOf(holder.cstId)).toEqual([
      { extKey: `ressarcimento:${procId}`, extValor: -18_050, respId: dependent.cstId, svcId: PLAN_SVC, extTipo: 'credito' },
    ]);
    const [after] = await claimsOf(holder.cstId);
    expect(after!.procedimentos[0]!.extId).toBeGreaterThan(0);
    const changed = await save(staff, holder.cstId, [
      {
        ...after,
        procedimentos: after!.procedimentos.map((p, i) => (i === 0 ? { ...p, procRetornoValor: 1, operation: 'update' } : p)),
        operation: 'update',
      },
    ]);
    expect([changed.status, changed.error.message]).toEqual([400, `ressarcimentos.0.procedimentos.0.procRetornoStatus: ${rm.paidReturnLocked}`]);
    expect(await creditsOf(holder.cstId)).toHaveLength(1);
  });

  it('refuses the upload signed out or without the tab’s role, and a file that is not a PDF or an image', async () => {
    expect((await upload(ctx.app as never)).status).toBe(401);
    expect((await upload(noTab)).status).toBe(403);
    expect((await upload(staff, Buffer.from('nome;cpf\n'), 'lista.csv')).status).toBe(415);
  });
});

describe('a paid procedure in the I.R. statement and the health declaration (one rule: HEALTH_REIMBURSED)', () => {
  it('both show the credited value as reimbursed for the patient', { timeout: 60_000 }, async () => {
    const { holder, dependent } = await family();
    expect((await save(staff, holder.cstId, [await newClaim(dependent.cstId, [await procedure()])])).status).toBe(200);
    const [stored] = await claimsOf(holder.cstId);
    const body = {
      ...stored,
      procedimentos: stored!.procedimentos.map((p) => ({
        ...p,
        procRetornoStatus: 1,
        procRetornoData: '2025-04-01',
        procRetornoValor: 12_345,
        operation: 'update',
      })),
      operation: 'update',
    };
    expect((await save(staff, holder.cstId, [body])).status).toBe(200);
    const period = await ctx.db.execute<{ fecId: number; ano: number }>(sql`
      select e.fec_id as "fecId", p.fec_ano as ano from statement_entries e join closing_periods p using (fec_id)
       where e.cst_id = ${holder.cstId} and e.ext_key like 'ressarcimento:%'`);
    const { fecId, ano } = period.rows[0]!;

    // The health declaration of the period (open: its negative value).
    const declaration = await call(staff, healthDeclarationContracts.pdf, { params: { cstId: holder.cstId, period: -fecId } });
    expect(declaration.status, declaration.res.body).toBe(200);
    const text = (await pdfText(new Uint8Array(declaration.body))).join(' ');
    expect(text).toMatch(new RegExp(`Filha Reembolso\\s+\\S*\\s*Filh[oa]\\S*\\s+R\\$ 0,00\\s+${formatCents(12_345).replace('$', '\\$')}`));
    expect(text).toContain(`Total reembolsado: ${formatCents(12_345)}`);

    // The I.R. statement reads locked periods: the period is locked, then the year's statement read.
    await ctx.db.execute(sql`update closing_periods set locked_at = now() where fec_id = ${fecId}`);
    const ir = await call(staff, incomeTaxContracts.statement, { params: { cstId: holder.cstId, ano } });
    expect(ir.status, ir.res.body).toBe(200);
    const beneficiary = ir.body.beneficiarios.find((b) => b.nome === 'Filha Reembolso');
    expect(beneficiary?.grupos.map((g) => [g.nome, g.reembolsado])).toEqual([['Planos de saúde', 12_345]]);
    expect(ir.body.reembolsado).toBe(12_345);
  });
});
