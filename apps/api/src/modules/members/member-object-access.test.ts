import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages as m, type Role, memberContracts } from '@assoc/domain';
import { writeAudit } from '../../lib/audit.js';
import { recordSecurityEvent } from '../../lib/security-events.js';
import { demoProfiles } from '../../db/seed/access.seed.js';
import { call, createMember, createTestApp, createUser, signIn, type Client, type TestContext } from '../../../test/helper.js';

/** Issue 22 items 7 and 8: the audit lists by category and the datacache's lists of people, per demo profile. */
let ctx: TestContext;
const profile = (key: string) => demoProfiles.find((p) => p.key === key)!.roles;
const clients = {} as Record<'superadmin' | 'atendimento' | 'financeiro' | 'cch' | 'portal', Client>;
let holder: number;
let widow: number;
let deceased: number;
let otherDeceased: number;

async function as(roles: Role[], cstId?: number) {
  const user = await createUser(ctx, { roles, cstId });
  return signIn(ctx, user.cpf);
}

beforeAll(async () => {
  ctx = await createTestApp();
  deceased = (await createMember(ctx, { custName: 'Falecido Cônjuge Teste', custAssocSituacao: 5, custDeceased: '2020-01-01' })).cstId;
  otherDeceased = (await createMember(ctx, { custName: 'Outro Falecido Teste', custAssocSituacao: 5, custDeceased: '2021-01-01' })).cstId;
  widow = (await createMember(ctx, { custName: 'Viúva Teste', custStatus: 'V', falId: deceased })).cstId;
  holder = (await createMember(ctx)).cstId;
  clients.superadmin = await as(profile('superadmin'));
  clients.atendimento = await as(profile('atendimento'));
  clients.financeiro = await as(profile('financeiro'));
  clients.cch = await as(profile('cch'));
  clients.portal = await as(profile('portal'), widow);

  // One row of each category about the holder (security events are owned by a user id: the same number).
  const actor = { userId: 1, name: 'Ana Superadmin' };
  for (const category of ['users', 'documentos', 'emails', 'atendimentos', 'extrato', 'cobrancas', 'credito', 'acessos']) {
    await writeAudit(ctx.db, { category, ownerId: holder, entityId: holder, action: 'update', user: actor, before: null, after: { x: 1 } });
  }
  await recordSecurityEvent(ctx.db, { kind: 'login_ok', actor, subjectUserId: holder, details: { ip: '10.0.0.1' } });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET audits/{cstId}/{category}: each category names the roles that may read it (item 7)', () => {
  it('Atendimento reads the member categories it may see, and is refused (403) on security, credito and acessos', async () => {
    for (const category of ['users', 'documentos', 'emails', 'atendimentos', 'extrato', 'cobrancas']) {
      const res = await call(clients.atendimento, memberContracts.audits, { params: { cstId: holder, category } });
      expect(res.status, category).toBe(200);
      expect(res.body, category).toHaveLength(1);
    }
    for (const category of ['security', 'credito', 'acessos']) {
      const res = await call(clients.atendimento, memberContracts.audits, { params: { cstId: holder, category } });
      expect(res.status, category).toBe(403);
      expect(res.body, category).toEqual({ message: m.forbidden });
    }
  });

  it('Financeiro (issues credits) reads credito but not security; superadmin reads every category', async () => {
    expect((await call(clients.financeiro, memberContracts.audits, { params: { cstId: holder, category: 'credito' } })).status).toBe(200);
    expect((await call(clients.financeiro, memberContracts.audits, { params: { cstId: holder, category: 'security' } })).status).toBe(403);
    for (const category of ['users', 'credito', 'acessos', 'security']) {
      const res = await call(clients.superadmin, memberContracts.audits, { params: { cstId: holder, category } });
      expect(res.status, category).toBe(200);
      // Security events are owned by a user id: the users signed in above may share the number.
      expect(res.body.length, category).toBeGreaterThanOrEqual(1);
    }
  });

  it('an unknown category answers 400 with a pt-BR message; CCH-only and portal users 403', async () => {
    for (const category of ['feriados', 'whatever', 'processos']) {
      const res = await call(clients.superadmin, memberContracts.audits, { params: { cstId: holder, category } });
      expect(res.status, category).toBe(400);
      expect(res.error.message, category).toContain(m.invalidRequest);
    }
    expect((await call(clients.cch, memberContracts.audits, { params: { cstId: holder, category: 'users' } })).status).toBe(403);
    expect((await call(clients.portal, memberContracts.audits, { params: { cstId: holder, category: 'users' } })).status).toBe(403);
    expect((await call(ctx.app, memberContracts.audits, { params: { cstId: holder, category: 'users' } })).status).toBe(401);
  });
});

describe('GET datacache: lists of people only for users who edit members (item 8)', () => {
  const fetchCache = async (client: Client) => {
    const res = await call(client, memberContracts.dataCache);
    expect(res.status, res.res.body).toBe(200);
    return res.body;
  };

  it('superadmin and Atendimento (they edit members) get every deceased holder', async () => {
    for (const client of [clients.superadmin, clients.atendimento]) {
      const cache = await fetchCache(client);
      expect(cache.deceasedSpouses).toEqual(
        expect.arrayContaining([
          { value: deceased, label: 'Falecido Cônjuge Teste' },
          { value: otherDeceased, label: 'Outro Falecido Teste' },
        ]),
      );
    }
  });

  it('a CCH-only user gets the lists without any person; the other lists stay', async () => {
    const full = await fetchCache(clients.superadmin);
    const cache = await fetchCache(clients.cch);
    expect(cache.deceasedSpouses).toEqual([]);
    expect(cache.banks).toEqual(full.banks);
    expect(cache.followUpSubjects).toEqual(full.followUpSubjects);
    expect(cache.version).not.toBe(full.version);
  });

  it('a portal member gets only the spouse named on their own record; a holder without one gets none', async () => {
    expect((await fetchCache(clients.portal)).deceasedSpouses).toEqual([{ value: deceased, label: 'Falecido Cônjuge Teste' }]);
    const other = await as(['v2portal'], holder);
    expect((await fetchCache(other)).deceasedSpouses).toEqual([]);
    // A staff user viewing members without editing them gets none either.
    const viewer = await as(['v2access', 'v2userdadosperfilview']);
    expect((await fetchCache(viewer)).deceasedSpouses).toEqual([]);
    const count = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from customers where cust_assoc_situacao = 5`);
    expect((await fetchCache(clients.superadmin)).deceasedSpouses.length).toBeGreaterThanOrEqual(count.rows[0]!.n);
  });
});
