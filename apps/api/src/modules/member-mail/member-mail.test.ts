import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataMessages, memberMailMessages as msg, type Role, memberMailContracts } from '@assoc/domain';
import { messageTemplates, outbox } from '../../db/schema/index.js';
import { call, prepare, createMember, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { enqueueEmail } from '../mail/mail.repository.js';

let ctx: TestContext;
let staff: Client;
let greeting: number;
let withLink: number;
const roles: Role[] = ['v2access', 'v2eml', 'v2userdadospessoaisemailview'];

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedInAs(ctx, roles)).client;
  const rows = await ctx.db
    .insert(messageTemplates)
    .values([
      {
        channel: 'email',
        emName: 'BOAS VINDAS',
        emDescription: 'Bem-vindo(a), {tratamento} {nome}',
        emData: 'Olá, {nome}! A {associacao} dá as boas-vindas.',
      },
      { channel: 'email', emName: 'COM LINK', emDescription: 'Senha', emData: 'Use o link: {link}' },
    ])
    .returning();
  greeting = rows[0]!.emID;
  withLink = rows[1]!.emID;
});
afterAll(async () => {
  await ctx.close();
});

const outboxCount = async () => Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox`)).rows[0]!.n);
const mailAudits = async (cstId: number) =>
  Number(
    (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audits where category = 'emails' and owner_id = ${cstId}`)).rows[0]!.n,
  );

describe('the member e-mail tab', () => {
  it('lists the member e-mails newest first; a security e-mail shows no body; the recipient only with the e-mail view role', async () => {
    const member = await createMember(ctx, { custEmail: 'lista@example.com' });
    const other = await createMember(ctx, { custEmail: 'outro@example.com' });
    const first = await enqueueEmail(ctx.db, { to: 'lista@example.com', subject: 'Extrato', text: 'Seu extrato.', cstId: member.cstId });
    const secure = await enqueueEmail(ctx.db, {
      to: 'lista@example.com',
      subject: 'Redefinição',
      text: 'Abra [x]',
      cstId: member.cstId,
      sensitive: true,
      secrets: { '[x]': 'https://segredo' },
    });
    await enqueueEmail(ctx.db, { to: 'outro@example.com', subject: 'Outro', text: 'Não listado', cstId: other.cstId });
    const res = await call(staff, memberMailContracts.list, { params: { cstId: member.cstId } });
    expect(res.status, res.res.body).toBe(200);
    const items = res.body;
    expect(items.map((i) => i.id)).toEqual([secure, first]);
    expect(items[1]).toMatchObject({ to: 'lista@example.com', subject: 'Extrato', status: 'pending', sensitive: false });
    expect(res.res.body).not.toContain('segredo');

    const detail = (await call(staff, memberMailContracts.get, { params: { cstId: member.cstId, id: secure } })).body;
    expect(detail.text).toBe(dataMessages.protectedContent);
    expect((await call(staff, memberMailContracts.get, { params: { cstId: member.cstId, id: first } })).body.text).toBe('Seu extrato.');
    expect((await call(staff, memberMailContracts.get, { params: { cstId: other.cstId, id: first } })).status).toBe(404);

    const noMailView = (await signedInAs(ctx, ['v2access', 'v2eml'])).client;
    expect((await call(noMailView, memberMailContracts.list, { params: { cstId: member.cstId } })).body[1]!.to).toBe('');
  });

  it('"Novo e-mail" fills the placeholders on the server and queues the e-mail (audited, template used once more)', async () => {
    const member = await createMember(ctx, { custEmail: 'novo@example.com', custName: 'Helena Souza Teste', custTreatment: 'Dra.' });
    const res = await call(staff, memberMailContracts.compose, { params: { cstId: member.cstId }, body: { emID: greeting } });
    expect(res.status, res.res.body).toBe(200);
    const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, res.body.id));
    expect(row).toMatchObject({
      to: 'novo@example.com',
      subject: 'Bem-vindo(a), Dra. Helena Souza Teste',
      text: `Olá, Helena Souza Teste! A ${ctx.app.config.ASSOCIATION_NAME} dá as boas-vindas.`,
      cstId: member.cstId,
      sensitive: false,
    });
    expect(await mailAudits(member.cstId)).toBe(1);
    const [template] = await ctx.db.select().from(messageTemplates).where(eq(messageTemplates.emID, greeting));
    expect(template!.emUses).toBe(1);
  });

  it('400 with nothing written: a placeholder the server cannot fill, no e-mail, an unknown template, a bad body', async () => {
    const member = await createMember(ctx, { custEmail: 'recusa@example.com' });
    const noMail = await createMember(ctx, { custEmail: null });
    const before = await outboxCount();
    const link = await call(staff, memberMailContracts.compose, { params: { cstId: member.cstId }, body: { emID: withLink } });
    expect(link.status).toBe(400);
    expect(link.body.message).toBe(msg.unknownPlaceholders(['{link}']));
    const none = await call(staff, memberMailContracts.compose, { params: { cstId: noMail.cstId }, body: { emID: greeting } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(msg.noEmail);
    expect((await call(staff, memberMailContracts.compose, { params: { cstId: member.cstId }, body: { emID: 999999 } })).status).toBe(400);
    expect((await call(staff, memberMailContracts.compose, { params: { cstId: member.cstId }, rawBody: { emID: 'x' } })).status).toBe(400);
    expect((await call(staff, memberMailContracts.compose, { params: { cstId: member.cstId }, rawBody: {} })).status).toBe(400);
    expect((await call(staff, memberMailContracts.compose, { params: { cstId: 999999 }, body: { emID: greeting } })).status).toBe(404);
    expect(await outboxCount()).toBe(before);
    expect(await mailAudits(member.cstId)).toBe(0);
  });

  it('"Reenviar" queues a copy (audited); a security e-mail is not resent', async () => {
    const member = await createMember(ctx, { custEmail: 'reenvio@example.com' });
    const sent = await enqueueEmail(ctx.db, { to: 'reenvio@example.com', subject: 'Boleto', text: 'Segue o boleto.', cstId: member.cstId });
    const res = await call(staff, memberMailContracts.resend, { params: { cstId: member.cstId, id: sent } });
    expect(res.status, res.res.body).toBe(200);
    const [copy] = await ctx.db.select().from(outbox).where(eq(outbox.id, res.body.id));
    expect(copy).toMatchObject({ to: 'reenvio@example.com', subject: 'Boleto', text: 'Segue o boleto.', status: 'pending', cstId: member.cstId });
    expect(copy!.id).not.toBe(sent);
    expect(await mailAudits(member.cstId)).toBe(1);

    const secure = await enqueueEmail(ctx.db, { to: 'reenvio@example.com', subject: 'Senha', text: '[x]', cstId: member.cstId, sensitive: true });
    const refused = await call(staff, memberMailContracts.resend, { params: { cstId: member.cstId, id: secure } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(msg.cannotResendSecurity);
    expect((await call(staff, memberMailContracts.resend, { params: { cstId: member.cstId, id: 999999 } })).status).toBe(404);
    expect(await mailAudits(member.cstId)).toBe(1);
  });

  it('GET user/emailmodelos lists the E-mail templates only', async () => {
    await ctx.db.insert(messageTemplates).values({ channel: 'sms', emName: 'SMS SO', emDescription: 'Só SMS', emData: 'Texto' });
    const res = await call(staff, memberMailContracts.templates);
    expect(res.status).toBe(200);
    expect(res.body.map((t: { emName: string }) => t.emName)).toEqual(['BOAS VINDAS', 'COM LINK']);
  });

  it('401 anonymous and 403 without v2eml on every call', async () => {
    const member = await createMember(ctx);
    const calls = [
      prepare(memberMailContracts.list, { params: { cstId: member.cstId } }),
      prepare(memberMailContracts.get, { params: { cstId: member.cstId, id: 1 } }),
      prepare(memberMailContracts.templates),
      prepare(memberMailContracts.compose, { params: { cstId: member.cstId }, body: { emID: greeting } }),
      prepare(memberMailContracts.resend, { params: { cstId: member.cstId, id: 1 } }),
    ];
    const noRole = (await signedInAs(ctx, ['v2access'])).client;
    for (const route of calls) {
      expect((await route.send(ctx.app)).status).toBe(401);
      expect((await route.send(noRole)).status).toBe(403);
    }
  });
});
