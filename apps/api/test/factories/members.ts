import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bbCheckDigit, memberContracts, numeroInterno } from '@assoc/domain';
import { addresses, customers, customerServices, products, services, suppliers } from '../../src/db/schema/index.js';
import type { TestContext } from '../helper.js';
import { call, type CallTarget } from '../contract-call.js';
import { nextCpf } from './users.js';

export type MemberValues = Partial<typeof customers.$inferInsert>;

let memberCounter = 1;
/**
 * A member (holder, or dependent when parentId is given) with sensible defaults. A holder without a given
 * internal number gets the next one as the API gives it (highest + 1 under the same advisory lock): holders'
 * numbers are unique (customers_numero_interno_holder_uq), also next to holders created through the API.
 */
export async function createMember(ctx: TestContext, values: MemberValues = {}) {
  const counter = memberCounter++;
  return ctx.db.transaction(async (tx) => {
    let numero = values.custNumeroInterno;
    if (numero === undefined) {
      if (values.parentId) numero = numeroInterno(counter % 1_000_000);
      else {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('customers.cust_numero_interno'))`);
        const result = await tx.execute<{ max: string | null }>(
          sql`select max(cust_numero_interno) as max from customers where parent_id is null and cust_numero_interno ~ '^[0-9]{7}$'`,
        );
        const max = result.rows[0]?.max;
        numero = numeroInterno(max ? Number(max.slice(0, 6)) + 1 : 100_000 + (counter % 100_000));
      }
    }
    const [row] = await tx
      .insert(customers)
      .values({
        custName: `Associado Teste ${counter}`,
        custCpf: nextCpf(),
        custBirthdate: '1970-05-10',
        custSex: 0,
        custStatus: 'M',
        custAssocSituacao: 1,
        ...values,
        custNumeroInterno: numero,
      })
      .returning();
    return row!;
  });
}

/** A dependent of this holder. */
export const createDependent = (ctx: TestContext, holderId: number, values: MemberValues = {}) =>
  createMember(ctx, { ...values, parentId: holderId });

/** The bank fields of a holder billable by debit: bank 2 with a valid account. */
export const billableBank = {
  bnkId: 2,
  bnkaccBranch: '0001',
  bnkaccBranchDigit: '9',
  bnkaccAccount: '00000006',
  bnkaccAccountDigit: bbCheckDigit('00000006'),
} as const;

/** A residential address (kind 1) for a member. */
export async function addAddress(ctx: TestContext, cstId: number, values: Partial<typeof addresses.$inferInsert> = {}) {
  await ctx.db.insert(addresses).values({
    cstId,
    kind: 1,
    adZipcode: '01310100',
    adNumber: '10',
    adAddress: 'Avenida Paulista',
    adCity: 'São Paulo',
    adState: 'SP',
    ...values,
  });
}

/**
 * A holder complete enough for the member save's rules: bank 2 with a valid account, billing day, a residential
 * address as the default one; no services.
 */
export async function createSavableMember(ctx: TestContext, values: MemberValues = {}) {
  const member = await createMember(ctx, {
    custEstadoCivil: 1,
    custSocio: 'N',
    custStatus: 'A',
    ...billableBank,
    custCobrancaDia: 4,
    enderecoSelected: 1,
    ...values,
  });
  await addAddress(ctx, member.cstId);
  return member;
}

/**
 * A holder whose stored record passes the member save's rules when a save does not bill by debit (a save re-checks
 * the merged member): marital status, boleto (bank 11), a residential address.
 */
export async function createBoletoHolder(ctx: TestContext, values: MemberValues = {}) {
  const holder = await createMember(ctx, { custEstadoCivil: 1, bnkId: 11, ...values });
  await addAddress(ctx, holder.cstId, { adNumber: '1000' });
  return holder;
}

/** A holder billable by the member save's charges (bank 2 with a valid account, billing day, e-mail, an address). */
export async function createBillableHolder(ctx: TestContext, values: MemberValues = {}) {
  const row = await createMember(ctx, {
    custEstadoCivil: 2,
    custEmail: 'pagador@example.com',
    custCobrancaDia: 4,
    ...billableBank,
    ...values,
  });
  await addAddress(ctx, row.cstId, { adNumber: '1000', adBairro: 'Bela Vista' });
  return row;
}

export type ServiceRowValues = Omit<typeof customerServices.$inferInsert, 'cstId'>;

/** A member's service rows (enrolments: service, value in cents, start and end dates), written directly. */
export async function createServiceRows(ctx: TestContext, cstId: number, rows: ServiceRowValues[]) {
  if (!rows.length) return [];
  return ctx.db
    .insert(customerServices)
    .values(rows.map((row) => ({ ...row, cstId })))
    .returning();
}

let catalogueCounter = 0;
/**
 * A service of the catalogue, with its own supplier and product unless `sucId` names a product: what service rows
 * point at. `product` sets the new product's fields (a health plan's `sucHealth`).
 */
export async function createCatalogueService(
  ctx: TestContext,
  values: Partial<typeof services.$inferInsert> = {},
  product: Partial<Omit<typeof products.$inferInsert, 'supId'>> = {},
) {
  const n = ++catalogueCounter;
  let sucId = values.sucId;
  if (sucId === undefined) {
    const [supplier] = await ctx.db
      .insert(suppliers)
      .values({ supName: `Fornecedor de teste ${n}` })
      .returning();
    const [created] = await ctx.db
      .insert(products)
      .values({ sucName: `Produto de teste ${n}`, ...product, supId: supplier!.supId })
      .returning();
    sucId = created!.sucId;
  }
  const [row] = await ctx.db
    .insert(services)
    .values({ svcName: `Serviço de teste ${n}`, svcValor: 1000, ...values, sucId })
    .returning();
  return row!;
}

/** A member of a family with its service rows. */
export type FamilyMember = MemberValues & { services?: ServiceRowValues[] };

/**
 * A holder with dependents, each with its service rows (issue 24's closing bills them): `holder` and each of
 * `dependents` take a member's fields and `services`. Answers the rows in the order given.
 */
export async function createFamily(ctx: TestContext, family: { holder?: FamilyMember; dependents?: FamilyMember[] } = {}) {
  const { services: holderServices = [], ...holderValues } = family.holder ?? {};
  const row = await createMember(ctx, holderValues);
  const holder = { ...row, services: await createServiceRows(ctx, row.cstId, holderServices) };
  const dependents = [];
  for (const [i, spec] of (family.dependents ?? []).entries()) {
    const { services: rows = [], ...values } = spec;
    const dependent = await createDependent(ctx, holder.cstId, { custName: `Dependente ${i + 1} de ${holder.cstId}`, ...values });
    dependents.push({ ...dependent, services: await createServiceRows(ctx, dependent.cstId, rows) });
  }
  return { holder, dependents };
}

/** The phone lines of `createPhoneLineFamily`: an invoice's lines name them. */
export const PHONE_LINES = { holder: '11912340001', dependent: '11912340002' } as const;

/**
 * What a phone invoice's import bills (issue 30): a phone plan with the plgCelular plugin, and a holder and a
 * dependant with a line of it each (`PHONE_LINES`).
 */
export async function createPhoneLineFamily(ctx: TestContext) {
  const phonePlan = await createCatalogueService(ctx, { svcName: 'Linha móvel 20 GB', svcValor: 5_000 });
  await ctx.db.execute(sql`insert into service_plugins (svc_id, plugin) values (${phonePlan.svcId}, 'plgCelular')`);
  const { holder, dependents } = await createFamily(ctx, {
    holder: { custName: 'Titular do Celular', services: [{ svcId: phonePlan.svcId, cslStr1: PHONE_LINES.holder }] },
    dependents: [{ custName: 'Dependente do Celular', services: [{ svcId: phonePlan.svcId, cslStr1: PHONE_LINES.dependent }] }],
  });
  return { holder, dependent: dependents[0]! };
}

/** A member's record as the member screen reads it (GET member), failing the test with the reply unless 200. */
export async function getMember(client: CallTarget, cstId: number) {
  const res = await call(client, memberContracts.get, { params: { cstId } });
  expect(res.status, res.res.body).toBe(200);
  return res.body;
}
