import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargeContracts,
  genericMessages as m,
  healthDeclarationContracts,
  incomeTaxContracts,
  isoDateInAppZone,
  ledgerContracts,
  memberContracts,
  portalFinanceContracts,
  roleCatalogue,
  type Role,
} from '@assoc/domain';
import { charges } from '../../db/schema/index.js';
import {
  call,
  createBillableHolder,
  createDependent,
  createLedgerPeriods,
  createTestApp,
  createUser,
  getMember,
  signIn,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';

let ctx: TestContext;
/** Every role but the portal's. */
let staff: Client;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');

function inDays(n: number): string {
  const [y, mo, d] = isoDateInAppZone().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + n)).toISOString().slice(0, 10);
}

/** A holder with a closed period and an open boleto charge (saved by staff, as the record does), and their portal sign-in. */
async function portalMember() {
  const member = await createBillableHolder(ctx);
  const periods = await createLedgerPeriods(ctx, member.cstId, [[24674]], [1500]);
  const version = (await getMember(staff, member.cstId)).version;
  const saved = await call(staff, memberContracts.update, {
    params: { cstId: member.cstId },
    rawBody: {
      version,
      cobrancas: [{ cobId: -1, local: 1, cobVencimento: inDays(10), cobValor: 24674, lancamentos: 1, operation: 'insert' }],
    },
  });
  expect(saved.status, saved.res.body).toBe(200);
  const [charge] = await ctx.db.select().from(charges).where(eq(charges.cstId, member.cstId));
  const account = await createUser(ctx, { roles: ['v2portal'], cstId: member.cstId });
  return { member, periods, charge: charge!, client: await signIn(ctx, account.cpf) };
}

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedInAs(ctx, allRoles)).client;
});
afterAll(async () => {
  await ctx.close();
});

describe('portal: the member own statements, I.R. and charges (issue 28 item 3)', () => {
  it('GET portal/financeiro/{cstId}: the own periods, years and charges; 404 about anyone else, staff included; 401 anonymous', async () => {
    const me = await portalMember();
    const other = await portalMember();
    const res = await call(me.client, portalFinanceContracts.summary, { params: { cstId: me.member.cstId } });
    expect(res.status, res.res.body).toBe(200);
    const periods = res.body.extratoDatas.map((p) => p.value);
    expect(periods[0]).toBeLessThan(0);
    expect(periods).toContain(me.periods.locked[0]);
    expect(res.body.cobrancas).toEqual([
      expect.objectContaining({ cobId: me.charge.cobId, cobValor: 24674, bnkId: 11, cobRetorno: null, cobLinhaDigitavel: expect.any(String) }),
    ]);
    const about = await call(me.client, portalFinanceContracts.summary, { params: { cstId: other.member.cstId } });
    expect(about.status).toBe(404);
    expect(about.error.message).toBe(m.notFound);
    expect((await call(staff, portalFinanceContracts.summary, { params: { cstId: me.member.cstId } })).status).toBe(404);
    expect((await call(ctx.app, portalFinanceContracts.summary, { params: { cstId: me.member.cstId } })).status).toBe(401);
  });

  it('the statement, its PDF and its e-mail: own 200, another member 404, anonymous 401', async () => {
    const me = await portalMember();
    const other = await portalMember();
    const own = await call(me.client, ledgerContracts.statement, { params: { cstId: me.member.cstId, fecID: -me.periods.open } });
    expect(own.status, own.res.body).toBe(200);
    expect(own.body.entries.map((e) => e.extValor)).toEqual([1500]);
    const pdf = await call(me.client, ledgerContracts.pdf, { params: { cstId: me.member.cstId, period: me.periods.locked[0]! } });
    expect(pdf.status).toBe(200);
    expect(pdf.res.headers['content-type']).toContain('application/pdf');
    const email = await call(me.client, ledgerContracts.email, { params: { cstId: me.member.cstId, fecID: me.periods.locked[0]! } });
    expect(email.status, email.res.body).toBe(200);
    for (const [contract, params] of [
      [ledgerContracts.statement, { cstId: other.member.cstId, fecID: -other.periods.open }],
      [ledgerContracts.pdf, { cstId: other.member.cstId, period: other.periods.locked[0]! }],
      [ledgerContracts.email, { cstId: other.member.cstId, fecID: other.periods.locked[0]! }],
    ] as const) {
      const res = await call(me.client, contract as typeof ledgerContracts.statement, { params: params as never });
      expect(res.status, contract.path).toBe(404);
      expect(res.error.message).toBe(m.notFound);
      expect((await call(ctx.app, contract as typeof ledgerContracts.statement, { params: params as never })).status).toBe(401);
    }
  });

  it('I.R. and the health declaration: the member gets what staff get about them; another member 404', async () => {
    const me = await portalMember();
    const other = await portalMember();
    const year = Number(isoDateInAppZone().slice(0, 4));
    const calls = [
      [incomeTaxContracts.statement, (cstId: number) => ({ cstId, ano: year })],
      [incomeTaxContracts.pdf, (cstId: number) => ({ cstId, period: year })],
      [incomeTaxContracts.email, (cstId: number) => ({ cstId, ano: year })],
      [healthDeclarationContracts.pdf, (cstId: number) => ({ cstId, period: me.periods.locked[0]! })],
      [healthDeclarationContracts.email, (cstId: number) => ({ cstId, fecID: me.periods.locked[0]! })],
    ] as const;
    for (const [contract, params] of calls) {
      const c = contract as typeof incomeTaxContracts.pdf;
      const granted = await call(staff, c, { params: params(me.member.cstId) as never });
      const own = await call(me.client, c, { params: params(me.member.cstId) as never });
      expect(own.status, contract.path).toBe(granted.status);
      if (own.status === 404) expect(own.error.message, contract.path).not.toBe(m.notFound);
      const about = await call(me.client, c, { params: params(other.member.cstId) as never });
      expect(about.status, contract.path).toBe(404);
      expect(about.error.message).toBe(m.notFound);
    }
  });

  it("the boleto PDF by cobId: the member's own charge 200, another member's 404 (like an unknown id); the e-mail stays staff's (403)", async () => {
    const me = await portalMember();
    const other = await portalMember();
    const own = await call(me.client, chargeContracts.boleto, { params: { cobId: me.charge.cobId } });
    expect(own.status, own.res.body).toBe(200);
    expect(own.res.headers['content-type']).toContain('application/pdf');
    const about = await call(me.client, chargeContracts.boleto, { params: { cobId: other.charge.cobId } });
    expect(about.status).toBe(404);
    expect(about.error.message).toBe(m.notFound);
    expect((await call(me.client, chargeContracts.boleto, { params: { cobId: 99_999_999 } })).error.message).toBe(m.notFound);
    expect((await call(me.client, chargeContracts.emailBoleto, { params: { cobId: me.charge.cobId } })).status).toBe(403);
    expect((await call(ctx.app, chargeContracts.boleto, { params: { cobId: me.charge.cobId } })).status).toBe(401);
    // A dependent's portal account reaches the holder's charges? No: a dependent is not the charge's owner's holder.
    const dependent = await createDependent(ctx, me.member.cstId);
    const depAccount = await createUser(ctx, { roles: ['v2portal'], cstId: dependent.cstId });
    const dep = await signIn(ctx, depAccount.cpf);
    expect((await call(dep, chargeContracts.boleto, { params: { cobId: me.charge.cobId } })).status).toBe(404);
    // Staff with the charge roles: any charge.
    expect((await call(staff, chargeContracts.boleto, { params: { cobId: other.charge.cobId } })).status).toBe(200);
  });
});
