import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccountIssues, debitPlaceIds, genericMessages, isValidCnpj, isValidCpf, isValidNumeroInterno, memberMessages } from '@assoc/domain';
import { createTestApp, type TestContext } from '../../../test/helper.js';
import { seedMemberLinks, seedPeople, type SeededPeople } from './people.seed.js';
import { seedRegistries } from './registries.seed.js';
import { seedServices } from './services.seed.js';
import { seedLocations } from './locations.seed.js';

const SCALE = 300;
let first: TestContext;
let second: TestContext;
let seeded: SeededPeople;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
  seeded = await seedPeople(first.db, { scale: SCALE, log: () => {} });
  await seedPeople(second.db, { scale: SCALE, log: () => {} });
  await seedRegistries(first.db);
  await seedServices(first.db);
  await seedLocations(first.db);
  await seedMemberLinks(first.db);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

const query = async <T>(ctx: TestContext, text: string) => (await ctx.pool.query(text)).rows as T[];

describe('demo people generator', () => {
  it('is deterministic: the same scale gives the same people', async () => {
    const dump = (ctx: TestContext) =>
      query(
        ctx,
        `
      select cst_id, parent_id, cust_name, cust_cpf, cust_birthdate::text, cust_status, cust_assoc_situacao, cust_numero_interno, cust_email
        from customers order by cst_id`,
      );
    expect(await dump(second)).toEqual(await dump(first));
    const terceiros = (ctx: TestContext) => query(ctx, 'select ter_tipo, ter_cpf_cnpj, ter_nome from terceiros order by ter_id');
    expect(await terceiros(second)).toEqual(await terceiros(first));
  });

  it('creates holders with 0-3 dependents each, and 2 % of the scale in third parties', async () => {
    const [counts] = await query<{ holders: number; dependents: number; most: number; terceiros: number }>(
      first,
      `
      select count(*) filter (where parent_id is null)::int as holders, count(*) filter (where parent_id is not null)::int as dependents,
             (select max(n) from (select count(*)::int as n from customers where parent_id is not null group by parent_id) x) as most,
             (select count(*)::int from terceiros) as terceiros
        from customers`,
    );
    expect(counts).toMatchObject({ holders: SCALE, terceiros: SCALE * 0.02 });
    expect(counts!.dependents).toBeGreaterThan(SCALE * 0.8);
    expect(counts!.dependents).toBeLessThan(SCALE * 1.5);
    expect(counts!.most).toBeLessThanOrEqual(3);
  });

  it('gives valid, unique CPFs and CNPJs and unique 7-digit internal numbers', async () => {
    const people = await query<{ cpf: string | null; numero: string | null; parent: number | null }>(
      first,
      'select cust_cpf as cpf, cust_numero_interno as numero, parent_id as parent from customers',
    );
    const cpfs = people.map((p) => p.cpf).filter((c): c is string => c !== null);
    expect(cpfs.every(isValidCpf)).toBe(true);
    expect(new Set(cpfs).size).toBe(cpfs.length);
    const numbers = people.filter((p) => p.parent === null).map((p) => p.numero!);
    expect(numbers.every((n) => /^\d{7}$/.test(n) && isValidNumeroInterno(n))).toBe(true);
    expect(new Set(numbers).size).toBe(SCALE);
    const documents = await query<{ tipo: number; doc: string }>(first, 'select ter_tipo as tipo, ter_cpf_cnpj as doc from terceiros');
    expect(documents.every((d) => (d.tipo === 1 ? isValidCnpj(d.doc) : isValidCpf(d.doc)))).toBe(true);
  });

  it('makes holders mostly active magistrates, widows linked to a deceased member, the deceased with a date', async () => {
    const holders = await query<{ status: string; situacao: number; deceased: string | null; fal: number | null; falSituacao: number | null }>(
      first,
      `
      select c.cust_status as status, c.cust_assoc_situacao as situacao, c.cust_deceased::text as deceased, c.fal_id as fal,
             f.cust_assoc_situacao as "falSituacao"
        from customers c left join customers f on f.cst_id = c.fal_id where c.parent_id is null`,
    );
    const magistrates = holders.filter((h) => 'MNHJ'.includes(h.status));
    expect(magistrates.length).toBeGreaterThan(SCALE / 2);
    expect(holders.filter((h) => h.situacao === 1).length).toBeGreaterThan(SCALE / 2);
    expect(holders.filter((h) => h.situacao === 5).every((h) => h.deceased !== null)).toBe(true);
    const widows = holders.filter((h) => h.status === 'V');
    expect(widows.length).toBeGreaterThan(0);
    expect(widows.every((w) => w.fal !== null && w.falSituacao === 5)).toBe(true);
  });

  it('names people in Portuguese with accents, and spreads birthdays over the calendar', async () => {
    const [stats] = await query<{ accented: number; days: number }>(
      first,
      `
      select count(*) filter (where cust_name <> f_unaccent(cust_name))::int as accented,
             count(distinct to_char(cust_birthdate, 'MM-DD'))::int as days
        from customers`,
    );
    expect(stats!.accented).toBeGreaterThan(SCALE / 5);
    expect(stats!.days).toBeGreaterThan(250);
  });

  it('returns the portal member: a living, active holder with e-mail and a residential address', async () => {
    const member = seeded.portalMember!;
    const [row] = await query<Record<string, unknown>>(
      first,
      `
      select c.cust_name, c.cust_cpf, c.cust_email, c.cust_deceased, c.cust_assoc_situacao, c.parent_id, a.ad_zipcode
        from customers c join addresses a on a.cst_id = c.cst_id and a.kind = 1 where c.cst_id = ${member.cstId}`,
    );
    expect(row).toMatchObject({
      cust_name: member.name,
      cust_cpf: member.cpf,
      cust_email: member.email,
      cust_deceased: null,
      cust_assoc_situacao: 1,
      parent_id: null,
    });
    expect(row!.ad_zipcode).toMatch(/^\d{8}$/);
    expect(member.email).toMatch(/@/);
  });

  it('fills every debit place with accounts that pass the bank rules', async () => {
    const rows = await query<{
      bnkId: number | null;
      branch: string | null;
      branchDigit: string | null;
      account: string | null;
      accountDigit: string | null;
      fin: string | null;
    }>(
      first,
      `select bnk_id as "bnkId", bnkacc_branch as branch, bnkacc_branch_digit as "branchDigit", bnkacc_account as account,
              bnkacc_account_digit as "accountDigit", cust_financeiro_status as fin
         from customers where parent_id is null`,
    );
    expect(new Set(rows.map((r) => r.bnkId))).toEqual(new Set(debitPlaceIds));
    const messages = { ...genericMessages, ...memberMessages };
    const invalid = rows.filter(
      (r) =>
        bankAccountIssues(
          { bnkId: r.bnkId, bnkaccBranch: r.branch, bnkaccBranchDigit: r.branchDigit, bnkaccAccount: r.account, bnkaccAccountDigit: r.accountDigit },
          { custFinanceiroStatus: r.fin },
          messages,
        ).length > 0,
    );
    expect(invalid).toEqual([]);
  });

  it('gives sócios their service rows: Fundo de Pecúlio and a fee for status M, a fee for the others', async () => {
    const rows = await query<{ status: string; peculio: boolean; fee: boolean; n: number }>(
      first,
      `select c.cust_status as status, bool_or(s.svc_id = 170) as peculio, bool_or(v.suc_id = 17) as fee, count(s.csl_id)::int as n
         from customers c left join customer_services s on s.cst_id = c.cst_id left join services v on v.svc_id = s.svc_id
        where c.parent_id is null and c.cust_socio = 'S' group by c.cst_id, c.cust_status`,
    );
    expect(rows.length).toBeGreaterThan(SCALE / 2);
    expect(rows.every((r) => r.n > 0 && r.fee)).toBe(true);
    expect(rows.filter((r) => r.status === 'M').every((r) => r.peculio)).toBe(true);
    const [health] = await query<{ n: number }>(
      first,
      `select count(*)::int as n from customer_services s join services v using (svc_id) join products p using (suc_id) where p.suc_health`,
    );
    expect(health!.n).toBeGreaterThan(0);
    const [located] = await query<{ n: number }>(first, 'select count(*)::int as n from customers where loc_id is not null and apf_id is not null');
    expect(located!.n).toBeGreaterThan(0);
  });
});
