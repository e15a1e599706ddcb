import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allRoles,
  authContracts,
  filterContracts,
  jobsContracts,
  genericMessages as m,
  marketingContracts,
  campaignSkipLabels,
  memberContracts,
  portalContracts,
  portalMessages,
  type LoginReply,
  type PortalRecord,
  type PortalSaveInput,
  type Role,
} from '@assoc/domain';
import { audits, customers, messageTemplates, outbox, users } from '../../db/schema/index.js';
import { jobEnded } from '../../../test/barriers.js';
import type { EmittedEvent } from '../../plugins/app/events.js';
import {
  addAddress,
  call,
  createDependent,
  createSavableMember,
  createTestApp,
  createUser,
  signIn,
  type Client,
  type TestContext,
  urlOf,
} from '../../../test/helper.js';

/** Issue 28 items 1, 2 and the PUT/GET user/portal calls: the member's own form, its whitelist, 409, audit and notice. */
let ctx: TestContext;
let staff: Client;
const events: EmittedEvent[] = [];

async function portalMember(values: Parameters<typeof createSavableMember>[1] = {}) {
  const member = await createSavableMember(ctx, { custStatus: 'M', custAssocSituacao: 1, custEmail: 'ana@example.com', ...values });
  const user = await createUser(ctx, { roles: ['v2portal'], cstId: member.cstId });
  return { member, user, client: await signIn(ctx, user.cpf) };
}
const read = async (client: Client, cstId: number) => {
  const res = await call(client, portalContracts.get, { params: { cstId } });
  expect(res.status, res.res.body).toBe(200);
  return res.body;
};
const auditCount = async (cstId: number) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(audits)
      .where(and(eq(audits.category, 'users'), eq(audits.ownerId, cstId)))
  )[0]!.n;
const versionOf = async (cstId: number) => (await ctx.db.select({ v: customers.version }).from(customers).where(eq(customers.cstId, cstId)))[0]!.v;

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  staff = await signIn(ctx, (await createUser(ctx, { roles: allRoles.filter((r) => r !== 'v2portal') as Role[] })).cpf);
  ctx.app.events.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await ctx.close();
});

describe('GET user/portal/{cstId}', () => {
  it('answers the member their own form: read-only fields, the forum address (active), the dependents, the version', async () => {
    const { member, client } = await portalMember({ custConcurso: '2001', custRg: '123456' });
    await addAddress(ctx, member.cstId, { kind: 3, adAddress: 'Praça da Sé', adNumber: 's/n' });
    await createDependent(ctx, member.cstId, {
      custName: 'Filho Primeiro',
      custParentesco: 2,
      custBirthdate: '2010-05-01',
      custCpf: '52998224725',
      custAssocSituacao: null,
    });
    await createDependent(ctx, member.cstId, { custName: 'Cônjuge Segunda', custParentesco: 1, custBirthdate: '1980-01-02', custAssocSituacao: 1 });
    await createDependent(ctx, member.cstId, {
      custName: 'Pai Falecido',
      custParentesco: 3,
      custBirthdate: '1940-03-04',
      custDeceased: '2015-06-07',
    });
    const form = await read(client, member.cstId);
    expect(form).toMatchObject({ cstId: member.cstId, custEmail: 'ana@example.com', custConcurso: '2001', custRg: '123456', custStatus: 'M' });
    expect(form.version).toBe(member.version);
    expect(form.bankAccount).toMatchObject({ bnkaccBranch: '0001', bnkaccAccount: '00000006' });
    expect(form.enderecoResidencial.adZipcode).toBe('01310100');
    expect(form.enderecoForum).toMatchObject({ adAddress: 'Praça da Sé' });
    expect(form.dependentes.map((d) => [d.custName, d.custParentesco, d.custBirthdate, d.custAssocSituacao])).toEqual([
      ['Pai Falecido', 3, '1940-03-04', 5],
      ['Cônjuge Segunda', 1, '1980-01-02', 1],
      ['Filho Primeiro', 2, '2010-05-01', null],
    ]);
    expect(form.dependentes[2]!.custCpf).toBe('52998224725');
    // No staff-only value (no automatic I.R. toggle, no access profile, no child list but the dependents' view).
    for (const key of ['custIRPorEmail', 'permIdv2', 'fnAllowExternal', 'usuarioServicos', 'parentFilhos', 'cobrancas', 'custFinanceiroStatus'])
      expect(form, key).not.toHaveProperty(key);
  });

  it('leaves the forum address out (null) for a member who is not active', async () => {
    const { member, client } = await portalMember({ custStatus: 'V' });
    await addAddress(ctx, member.cstId, { kind: 3 });
    expect((await read(client, member.cstId)).enderecoForum).toBeNull();
  });

  it('another member is 404, anonymous 401, staff with every role 404 (the call is the member own only)', async () => {
    const { client } = await portalMember();
    const other = await createSavableMember(ctx);
    const res = await call(client, portalContracts.get, { params: { cstId: other.cstId } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: m.notFound });
    expect((await call(ctx.app, portalContracts.get, { params: { cstId: other.cstId } })).status).toBe(401);
    expect((await call(staff, portalContracts.get, { params: { cstId: other.cstId } })).status).toBe(404);
    expect((await call(staff, portalContracts.save, { params: { cstId: other.cstId }, body: { version: 1 } })).status).toBe(404);
    expect((await call(client, portalContracts.save, { params: { cstId: other.cstId }, body: { version: other.version } })).status).toBe(404);
  });
});

describe('the sign-in reply (issue 28: the portal home after one round trip)', () => {
  const login = async (cpf: string, password: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: urlOf(authContracts.login), payload: { username: cpf, password } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LoginReply;
  };

  it("carries a portal member's form, equal to what GET user/portal/{cstId} answers them next", async () => {
    const { member, user, client } = await portalMember();
    await createDependent(ctx, member.cstId, { custName: 'Filho Portal' });
    const reply = await login(user.cpf, user.password);
    expect(reply.home?.kind).toBe('portal');
    expect(reply.home!.data).toEqual(await read(client, member.cstId));
    expect(reply.home!.data.dependentes.map((d) => d.custName)).toContain('Filho Portal');
  });

  it('carries nothing for staff, for a one-time password still to replace, nor when the form cannot be read (the sign-in still succeeds)', async () => {
    const member = await createSavableMember(ctx);
    const withStaffRoles = await createUser(ctx, { roles: ['v2access', 'v2portal'], cstId: member.cstId });
    const staffReply = await login(withStaffRoles.cpf, withStaffRoles.password);
    expect(staffReply.session).toBeDefined();
    expect(staffReply.home).toBeUndefined();

    const { user } = await portalMember();
    await ctx.db.update(users).set({ mustChangePassword: true }).where(eq(users.userId, user.userId));
    const mustChange = await login(user.cpf, user.password);
    expect(mustChange.session?.mustChangePassword).toBe(true);
    expect(mustChange.home).toBeUndefined();

    // A dependant's account: GET user/portal answers 400 (not a holder); the sign-in answers without a home.
    const holder = await createSavableMember(ctx);
    const dependant = await createDependent(ctx, holder.cstId);
    const ofDependant = await createUser(ctx, { roles: ['v2portal'], cstId: dependant.cstId });
    const dependantReply = await login(ofDependant.cpf, ofDependant.password);
    expect(dependantReply.session?.cstId).toBe(dependant.cstId);
    expect(dependantReply.home).toBeUndefined();
  });
});

describe('PUT user/portal/{cstId}', () => {
  const everyField = (version: number): PortalSaveInput => ({
    version,
    custEmail: 'novo@example.com',
    custCelularDdd: '21',
    custCelular: '912345678',
    custConcurso: 'C-99',
    enderecoSelected: 2,
    custExtratoPorEmail: true,
    custComunicacao: 3,
    enderecoResidencial: {
      adZipcode: '20040-020',
      adAddress: 'Rua Nova',
      adNumber: '5',
      adBairro: 'Centro',
      adCity: 'Rio de Janeiro',
      adState: 'RJ',
      adAddNewCEP: 1,
    },
    enderecoComercial: {
      adZipcode: '01310100',
      adAddress: 'Avenida Paulista',
      adNumber: '1000',
      adCity: 'São Paulo',
      adState: 'SP',
      adPhoneDdd: '11',
      adPhone: '33334444',
    },
    custContatoNome: 'Maria Contato',
    custContatoParentesco: 1,
    custContatoFoneDdd: '11',
    custContatoFone: '955554444',
    custContatoEmail: 'maria@example.com',
  });

  it('saves every editable field, audited as the member change, the version bumped, staff notified after the commit', async () => {
    const { member, user, client } = await portalMember();
    const before = await auditCount(member.cstId);
    events.length = 0;
    const res = await call(client, portalContracts.save, { params: { cstId: member.cstId }, body: everyField(member.version) });
    expect(res.status, res.res.body).toBe(200);
    expect(res.body).toEqual({ cstId: member.cstId, version: member.version + 1, message: portalMessages.saved });

    const form: PortalRecord = await read(client, member.cstId);
    expect(form).toMatchObject({
      version: member.version + 1,
      custEmail: 'novo@example.com',
      custCelularDdd: '21',
      custCelular: '912345678',
      custConcurso: 'C-99',
      enderecoSelected: 2,
      custExtratoPorEmail: true,
      custComunicacao: 3,
      custContatoNome: 'Maria Contato',
      custContatoParentesco: 1,
      custContatoFoneDdd: '11',
      custContatoFone: '955554444',
      custContatoEmail: 'maria@example.com',
    });
    expect(form.enderecoResidencial).toMatchObject({ adZipcode: '20040020', adAddress: 'Rua Nova', adCity: 'Rio de Janeiro' });
    expect(form.enderecoComercial).toMatchObject({ adZipcode: '01310100', adNumber: '1000', adPhone: '33334444' });

    // Audited like any save of the record: its Auditoria list names the member's user.
    expect(await auditCount(member.cstId)).toBeGreaterThan(before);
    const list = await call(staff, memberContracts.audits, { params: { cstId: member.cstId, category: 'users' } });
    expect(list.body[0]).toMatchObject({ action: 'update', ownerName: user.name });
    const [row] = await ctx.db.select().from(audits).where(eq(audits.auditId, list.body[0]!.auditId));
    expect(row!.userId).toBe(user.userId);
    expect((row!.after as Record<string, unknown>).custEmail).toBe('novo@example.com');

    expect(events).toEqual([{ name: 'memberChanged', target: { role: 'v2access' }, payload: { cstId: member.cstId, version: member.version + 1 } }]);

    // An open staff form (the version it read) now gets 409 rather than overwriting the member's change.
    const stale = await call(staff, memberContracts.update, {
      params: { cstId: member.cstId },
      rawBody: { version: member.version, custEmail: 'staff@example.com' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: m.staleRecord });
  });

  it('the member opts out of campaigns (issue 29 item 2): saved and audited, then a campaign skips them as Recusa campanhas', async () => {
    const { member, user, client } = await portalMember({ custName: 'Recusaportal Ana', custEmail: 'recusa@example.com' });
    expect((await read(client, member.cstId)).custRecusaCampanhas).toBe(false);
    const res = await call(client, portalContracts.save, {
      params: { cstId: member.cstId },
      body: { version: member.version, custRecusaCampanhas: true },
    });
    expect(res.status, res.res.body).toBe(200);
    expect(await read(client, member.cstId)).toMatchObject({ custRecusaCampanhas: true, version: member.version + 1 });
    // The staff Configurações tab reads the same value.
    expect((await call(staff, memberContracts.get, { params: { cstId: member.cstId } })).body).toMatchObject({ custRecusaCampanhas: true });

    const list = await call(staff, memberContracts.audits, { params: { cstId: member.cstId, category: 'users' } });
    expect(list.body[0]).toMatchObject({ action: 'update', ownerName: user.name });
    const audit = await call(staff, memberContracts.audit, { params: { id: list.body[0]!.auditId } });
    expect(audit.body.fieldDiffs).toEqual(['custRecusaCampanhas']);

    // An e-mail campaign over a filter that finds this member and another: this one skipped with the reason 'recusa', no
    // message queued for them; the other reached.
    const other = await createSavableMember(ctx, { custName: 'Recusaportal Bia', custEmail: 'bia@example.com' });
    const [template] = await ctx.db
      .insert(messageTemplates)
      .values({ channel: 'email', emName: 'PORTAL RECUSA', emDescription: 'Novidades', emData: 'Olá, {nome}!' })
      .returning();
    const filter = await call(staff, filterContracts.savedCreate, {
      body: {
        name: 'Recusa pelo portal',
        query: { combinator: 'and', rules: [{ field: 'nome', operator: 'beginsWith', value: 'recusaportal' }] },
        columns: ['nome'],
        sharedWith: [],
      },
    });
    expect(filter.status, filter.res.body).toBe(200);
    const draft = { filterId: filter.body.id, channel: 'email' as const, templates: { email: template!.emID } };
    const preview = await call(staff, marketingContracts.preview, { body: draft });
    expect(preview.status, preview.res.body).toBe(200);
    expect(preview.body.skipped).toMatchObject({ recusa: 1, sem_email: 0 });
    expect(preview.body).toMatchObject({ total: 2, reached: 1 });
    const created = await call(staff, marketingContracts.create, { body: { ...draft, name: 'Recusa pelo portal' } });
    expect(created.status, created.res.body).toBe(201);
    const jobId = created.body.job!.jobId;
    await jobEnded([ctx.app], jobId, async () => (await call(staff, jobsContracts.list)).body.find((j) => j.jobId === jobId));
    const detail = await call(staff, marketingContracts.get, { params: { id: created.body.campaign.id }, query: { page: 1, pageSize: 50 } });
    const outcomes = Object.fromEntries(detail.body.recipients.items.map((r) => [r.cstId, r.outcome]));
    expect(outcomes).toEqual({ [member.cstId]: 'recusa', [other.cstId]: 'enviado' });
    expect(campaignSkipLabels.recusa).toBe('Recusa campanhas');
    expect(await ctx.db.select().from(outbox).where(eq(outbox.cstId, member.cstId))).toEqual([]);
  });

  it('refuses any other key with 400 naming it, nothing written, no notice', async () => {
    const { member, client } = await portalMember();
    const before = await auditCount(member.cstId);
    events.length = 0;
    for (const [extra, keys] of [
      [{ custName: 'Outro Nome Qualquer' }, ['custName']],
      [{ custCpf: '52998224725' }, ['custCpf']],
      [{ permIdv2: 1 }, ['permIdv2']],
      [{ custIRPorEmail: true }, ['custIRPorEmail']],
      [{ fnAllowExternal: true, custStatus: 'A' }, ['fnAllowExternal', 'custStatus']],
      [{ enderecoForum: { adZipcode: '01310100', adNumber: '1' } }, ['enderecoForum']],
      [{ parentFilhos: [] }, ['parentFilhos']],
    ] as const) {
      const res = await call(client, portalContracts.save, {
        params: { cstId: member.cstId },
        rawBody: { version: member.version, custEmail: 'mudou@example.com', ...extra },
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.error.message).toBe(portalMessages.notEditable(keys));
    }
    const nested = await call(client, portalContracts.save, {
      params: { cstId: member.cstId },
      rawBody: { version: member.version, enderecoResidencial: { adZipcode: '01310100', adNumber: '1', cstId: 5 } },
    });
    expect(nested.status).toBe(400);
    expect(nested.error.message).toBe(`enderecoResidencial: ${portalMessages.notEditable(['cstId'])}`);
    expect(await versionOf(member.cstId)).toBe(member.version);
    expect(await auditCount(member.cstId)).toBe(before);
    expect((await read(client, member.cstId)).custEmail).toBe('ana@example.com');
    expect(events).toEqual([]);
  });

  it('refuses a bad e-mail, phone or CEP with the staff record pt-BR message, nothing written', async () => {
    const { member, client } = await portalMember();
    const cases: [Record<string, unknown>, string][] = [
      [{ custEmail: 'sem-arroba' }, `custEmail: ${m.email}`],
      [{ custContatoEmail: 'x@' }, `custContatoEmail: ${m.email}`],
      [{ custCelular: '9abc' }, `custCelular: ${m.digitsOnly}`],
      [{ custCelularDdd: '11', custCelular: '' }, `custCelular: ${m.required}`],
      [{ custCelularDdd: '11', custCelular: '1234' }, `custCelular: ${m.minLength(8)}`],
      [{ custContatoFoneDdd: '1', custContatoFone: '912345678' }, `custContatoFoneDdd: ${m.exactLength(2)}`],
      [{ enderecoResidencial: { adZipcode: '123', adNumber: '1' } }, `enderecoResidencial.adZipcode: ${m.exactLength(8)}`],
      [{ enderecoComercial: { adZipcode: '01310100', adNumber: '' } }, `enderecoComercial.adNumber: ${m.required}`],
      [{ enderecoSelected: 2, enderecoComercial: { adZipcode: '' } }, 'enderecoComercial.adZipcode: Endereço obrigatório'],
      [{ custConcurso: 'x'.repeat(19) }, `custConcurso: ${m.maxLength(18)}`],
    ];
    for (const [fields, message] of cases) {
      const res = await call(client, portalContracts.save, { params: { cstId: member.cstId }, rawBody: { version: member.version, ...fields } });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.error.message, JSON.stringify(fields)).toBe(message);
    }
    expect(await versionOf(member.cstId)).toBe(member.version);
  });

  it('a stale version is 409 with the record message, nothing written', async () => {
    const { member, client } = await portalMember();
    const first = await call(client, portalContracts.save, {
      params: { cstId: member.cstId },
      body: { version: member.version, custConcurso: 'A1' },
    });
    expect(first.status).toBe(200);
    events.length = 0;
    const res = await call(client, portalContracts.save, { params: { cstId: member.cstId }, body: { version: member.version, custConcurso: 'B2' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: m.staleRecord });
    expect((await read(client, member.cstId)).custConcurso).toBe('A1');
    expect(events).toEqual([]);
    // Without the version: 400.
    const missing = await call(client, portalContracts.save, { params: { cstId: member.cstId }, rawBody: { custConcurso: 'C3' } });
    expect(missing.status).toBe(400);
    expect(missing.error.message).toBe(`version: ${m.required}`);
  });
});
