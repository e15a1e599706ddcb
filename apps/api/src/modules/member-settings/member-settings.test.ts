import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberSettingsMessages as msg,
  roleCatalogue,
  type MemberRecord,
  type PortalAccessItem,
  type Role,
  mailContracts,
  memberContracts,
  memberSettingsContracts,
} from '@assoc/domain';
import { audits, outbox, passwordResets, users } from '../../db/schema/index.js';
import {
  call,
  getMember,
  createMember,
  createSavableMember,
  createTestApp,
  createUser,
  signIn,
  signedInAs,
  type Client,
  type TestContext,
} from '../../../test/helper.js';
import { FIRST_ACCESS_LINK_PLACEHOLDER } from './member-settings.mail.js';

let ctx: TestContext;
/** Every role but the portal's (an access administrator). */
let admin: Client;
/** The attendance staff: the member record, the Configurações tab, no access administration. */
let staff: Client;
let portalProfile: number;
const allRoles = (Object.keys(roleCatalogue) as Role[]).filter((r) => r !== 'v2portal');
const staffRoles: Role[] = ['v2access', 'v2userallowupdate', 'v2tabconfiguracao', 'v2userdadospessoaisview', 'v2userdadospessoaisemailview'];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInAs(ctx, allRoles)).client;
  staff = (await signedInAs(ctx, staffRoles)).client;
  // The portal profile (holding only v2portal) a new account gets.
  const portal = await createUser(ctx, { roles: ['v2portal'] });
  portalProfile = (await ctx.db.select({ permId: users.permId }).from(users).where(eq(users.userId, portal.userId)))[0]!.permId!;
});
afterAll(async () => {
  await ctx.close();
});

const save = (client: Client, record: MemberRecord, access: Partial<PortalAccessItem>) =>
  call(client, memberContracts.update, {
    params: { cstId: record.cstId },
    rawBody: {
      version: record.version,
      portalAcesso: [{ ...(record as { portalAcesso?: PortalAccessItem[] }).portalAcesso![0], ...access, operation: 'update' }],
    },
  });
const newMember = (values: Parameters<typeof createMember>[1] = {}) => createSavableMember(ctx, values);
const accountOf = async (cstId: number) => (await ctx.db.select().from(users).where(eq(users.cstId, cstId)))[0];
const accessAudits = async () =>
  Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audits where category = 'acessos'`)).rows[0]!.n);

describe('the opt-out of campaigns (custRecusaCampanhas, issue 29 item 2)', () => {
  it('reads false by default; the tab role saves it (audited with the member); without the role 403, nothing changed', async () => {
    const member = await newMember({ custEmail: 'recusa@example.com' });
    const record = await getMember(staff, member.cstId);
    expect(record.custRecusaCampanhas).toBe(false);
    const other = (await signedInAs(ctx, ['v2access', 'v2userallowupdate', 'v2userdadospessoaisview'])).client;
    const refused = await call(other, memberContracts.update, {
      params: { cstId: record.cstId },
      rawBody: { version: record.version, custRecusaCampanhas: true },
    });
    expect(refused.status).toBe(403);
    const res = await call(staff, memberContracts.update, {
      params: { cstId: record.cstId },
      rawBody: { version: record.version, custRecusaCampanhas: true },
    });
    expect(res.status, res.res.body).toBe(200);
    expect((await getMember(staff, member.cstId)).custRecusaCampanhas).toBe(true);
    const audit = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audits where (owner_id = ${member.cstId} or entity_id = ${String(member.cstId)}) and after::text like '%custRecusaCampanhas%'`,
    );
    expect(Number(audit.rows[0]!.n)).toBeGreaterThan(0);
  });
});

describe('portal access (portalAcesso) saved with the member', () => {
  it('a member without an account reads sign-in off; a user without the tab role does not get the list', async () => {
    const member = await newMember({ custEmail: 'sem.conta@example.com' });
    const record = await getMember(staff, member.cstId);
    expect(record.portalAcesso).toEqual([
      expect.objectContaining({ userId: null, active: false, permIdv2: null, fnAllowExternal: false, operation: 'none' }),
    ]);
    const other = (await signedInAs(ctx, ['v2access', 'v2userdadospessoaisview'])).client;
    expect((await getMember(other, member.cstId)).portalAcesso).toBeUndefined();
  });

  it('turning sign-in on creates the account with the portal profile, audited as an access change and in the member audit', async () => {
    const member = await newMember({ custEmail: 'nova.conta@example.com', custName: 'Conta Nova Teste' });
    const record = await getMember(staff, member.cstId);
    const before = await accessAudits();
    const res = await save(staff, record, { active: true });
    expect(res.status, res.res.body).toBe(200);
    const account = await accountOf(member.cstId);
    expect(account).toMatchObject({
      cpf: member.custCpf,
      name: 'Conta Nova Teste',
      email: 'nova.conta@example.com',
      permId: portalProfile,
      active: true,
    });
    expect(await accessAudits()).toBe(before + 1);
    const again = await getMember(staff, member.cstId);
    expect(again.portalAcesso![0]).toMatchObject({ userId: account!.userId, active: true, permIdv2: portalProfile, operation: 'none' });
    const [memberAudit] = await ctx.db
      .select()
      .from(audits)
      .where(and(eq(audits.category, 'users'), eq(audits.ownerId, member.cstId), eq(audits.action, 'update')));
    expect((memberAudit!.after as { portalAcesso: PortalAccessItem[] }).portalAcesso[0]).toMatchObject({ active: true });
    const diff = await call(admin, memberContracts.audit, { params: { id: memberAudit!.auditId } });
    // The one-row list's row is named by its index (audit-paths.ts), with its changed fields.
    expect(diff.body.fieldDiffs).toEqual(expect.arrayContaining(['portalAcesso', 'portalAcesso.0', 'portalAcesso.0.active']));
    expect(diff.body.fieldDiffs!.every((path: string) => path.startsWith('portalAcesso'))).toBe(true);
  });

  it('the profile and external access need the access administrator: 403 and nothing written', async () => {
    const member = await newMember();
    const record = await getMember(staff, member.cstId);
    expect((await save(staff, record, { active: true })).status).toBe(200);
    const saved = await getMember(staff, member.cstId);
    const other = await createUser(ctx, { roles: ['v2portal', 'v2access'] });
    const otherProfile = (await ctx.db.select({ permId: users.permId }).from(users).where(eq(users.userId, other.userId)))[0]!.permId!;
    const audits0 = await accessAudits();
    for (const change of [{ permIdv2: otherProfile }, { fnAllowExternal: true }]) {
      const res = await save(staff, saved, change);
      expect(res.status).toBe(403);
      expect(res.error.message).toBe(msg.accessAdminOnly);
    }
    expect(await accountOf(member.cstId)).toMatchObject({ permId: portalProfile, fnAllowExternal: false });
    expect(await accessAudits()).toBe(audits0);
    expect((await getMember(staff, member.cstId)).version).toBe(saved.version);

    const res = await save(admin, saved, { permIdv2: otherProfile, fnAllowExternal: true });
    expect(res.status, res.res.body).toBe(200);
    expect(await accountOf(member.cstId)).toMatchObject({ permId: otherProfile, fnAllowExternal: true });
    expect(await accessAudits()).toBe(audits0 + 1);
  });

  it('without the tab role a changed row is refused (403), nothing written; an account with more roles than the user is refused too', async () => {
    const member = await newMember();
    const record = await getMember(admin, member.cstId);
    const noTab = (await signedInAs(ctx, ['v2access', 'v2userallowupdate'])).client;
    const res = await save(noTab, record, { active: true });
    expect(res.status).toBe(403);
    expect(await accountOf(member.cstId)).toBeUndefined();

    const mighty = await newMember();
    await createUser(ctx, { roles: ['superadmin', 'v2access'], cstId: mighty.cstId });
    const mightyRecord = await getMember(staff, mighty.cstId);
    const refused = await save(staff, mightyRecord, { active: false });
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe(msg.userHasMoreRoles);
    expect((await accountOf(mighty.cstId))!.active).toBe(true);
  });

  it('turning sign-in off ends the account sessions (a security event)', async () => {
    const member = await newMember();
    const account = await createUser(ctx, { roles: ['v2portal'], cstId: member.cstId });
    await signIn(ctx, account.cpf);
    const record = await getMember(staff, member.cstId);
    expect(record.portalAcesso![0]!.active).toBe(true);
    expect((await save(staff, record, { active: false })).status).toBe(200);
    expect((await accountOf(member.cstId))!.active).toBe(false);
    const open = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where user_id = ${account.userId} and revoked_at is null`,
    );
    expect(open.rows[0]!.n).toBe(0);
  });
});

describe('POST user/primeiroacesso/{cstId}', () => {
  it('e-mails a first-access link: 204, a security e-mail whose readable text never holds the link, audited', async () => {
    const member = await newMember({ custEmail: 'primeiro@example.com', custName: 'Primeiro Acesso Teste' });
    const account = await createUser(ctx, { roles: ['v2portal'], cstId: member.cstId, name: 'Primeiro Acesso Teste' });
    const res = await call(staff, memberSettingsContracts.firstAccess, { params: { cstId: member.cstId } });
    expect(res.status, res.res.body).toBe(204);
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.cstId, member.cstId));
    expect(row).toMatchObject({ to: 'primeiro@example.com', sensitive: true, userId: account.userId });
    expect(row!.text).toContain(FIRST_ACCESS_LINK_PLACEHOLDER);
    expect(row!.text).not.toMatch(/reset\?q=/);
    expect(row!.html).not.toMatch(/reset\?q=/);
    expect(Object.values(row!.secrets ?? {})[0]).toMatch(/\/reset\?q=[\w-]{32}$/);
    expect((await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, account.userId))).length).toBe(1);
    const list = await call(admin, mailContracts.outbox);
    expect(JSON.stringify(list.body)).not.toMatch(/reset\?q=/);
    const audited = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audits where category = 'acessos' and entity_id = ${`usuario:${account.userId}`} and owner_id = ${member.cstId}`,
    );
    expect(audited.rows[0]!.n).toBe(1);
  });

  it('is rate-limited per account (429 once the window holds RESET_MAX_REQUESTS security e-mails)', async () => {
    const member = await newMember({ custEmail: 'limite@example.com' });
    await createUser(ctx, { roles: ['v2portal'], cstId: member.cstId });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await call(staff, memberSettingsContracts.firstAccess, { params: { cstId: member.cstId } })).status);
    expect(codes).toEqual([204, 204, 204, 429]);
  });

  it('400 without an active account or without an e-mail; 401 anonymous; 403 without the tab role', async () => {
    const none = await newMember({ custEmail: 'nada@example.com' });
    const res = await call(staff, memberSettingsContracts.firstAccess, { params: { cstId: none.cstId } });
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(msg.noAccess);
    const noMail = await newMember({ custEmail: null });
    await createUser(ctx, { roles: ['v2portal'], cstId: noMail.cstId });
    const res2 = await call(staff, memberSettingsContracts.firstAccess, { params: { cstId: noMail.cstId } });
    expect(res2.status).toBe(400);
    expect(res2.error.message).toBe(msg.noEmail);
    expect((await call(ctx.app, memberSettingsContracts.firstAccess, { params: { cstId: none.cstId } })).status).toBe(401);
    const noTab = (await signedInAs(ctx, ['v2access'])).client;
    expect((await call(noTab, memberSettingsContracts.firstAccess, { params: { cstId: none.cstId } })).status).toBe(403);
    expect((await call(noTab, memberSettingsContracts.profiles)).status).toBe(403);
    expect((await call(staff, memberSettingsContracts.firstAccess, { params: { cstId: 'abc' } })).status).toBe(400);
  });

  it('GET user/acesso/perfis lists the profiles for the dropdown', async () => {
    const res = await call(staff, memberSettingsContracts.profiles);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.arrayContaining([expect.objectContaining({ value: portalProfile })]));
  });
});
