import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataMessages, passwordResetContracts, serviceContracts, terceiroContracts } from '@assoc/domain';
import { call, createTestApp, createUser, nextCpf, signedInAs, type Client, type TestContext } from '../../test/helper.js';
import { buildApp } from '../app.js';
import { users } from '../db/schema/index.js';
import { databaseRefusal, isDatabaseUnavailable, loggableError } from './errors.js';
import { redactUrl, requestSerializer } from './log-redaction.js';

/** A pg DatabaseError as pg builds it (code, severity, detail with values). */
const pgError = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error((extra.message as string) ?? 'erro'), { severity: 'ERROR', code, ...extra });

describe('log redaction', () => {
  it('logs the path without query values, and masks CPFs and CNPJs in it', () => {
    expect(redactUrl('/reset?q=Abc123_secreto-XYZ')).toBe('/reset?q=***');
    expect(redactUrl('/api/v1/login/resetpassword/12345678909')).toBe('/api/v1/login/resetpassword/***');
    expect(redactUrl('/api/v1/x/123.456.789-09/y?a=1&b=2')).toBe('/api/v1/x/***/y?a=***&b=***');
    expect(redactUrl('/api/v1/x/11.444.777%2F0001-61')).toBe('/api/v1/x/***');
    expect(redactUrl('/api/v1/x/11444777000161')).toBe('/api/v1/x/***');
    // Ids and UUIDs stay readable.
    expect(redactUrl('/api/v1/jobs/downloadid/0b6f1a9e-1234-4cde-8f00-123456789012')).toBe(
      '/api/v1/jobs/downloadid/0b6f1a9e-1234-4cde-8f00-123456789012',
    );
    expect(redactUrl('/api/v1/servicos/42')).toBe('/api/v1/servicos/42');
  });

  it("the request serializer writes the redacted URL and Fastify's other fields", () => {
    const logged = requestSerializer({ method: 'GET', url: '/reset?q=secret&cpf=12345678909', host: 'h', ip: '10.0.0.1', socket: { remotePort: 5 } });
    expect(logged).toEqual({ method: 'GET', url: '/reset?q=***&cpf=***', host: 'h', remoteAddress: '10.0.0.1', remotePort: 5 });
    expect(JSON.stringify(requestSerializer({ method: 'GET', url: '/api/v1/searchhistory/123.456.789-09' }))).not.toContain('789');
  });
});

describe('database errors as answers', () => {
  it('maps constraint and data errors to 4xx, unavailability to 503, anything else to null (500)', () => {
    const wrapped = (e: Error) => Object.assign(new Error('Failed query: insert …\nparams: 12345678909'), { query: 'insert', params: [], cause: e });
    expect(
      databaseRefusal(wrapped(pgError('23503', { message: 'insert or update on table "services" violates foreign key constraint "x"' }))),
    ).toMatchObject({ statusCode: 400, message: dataMessages.relatedNotFound });
    expect(
      databaseRefusal(
        pgError('23503', { message: 'update or delete on table "a" violates foreign key constraint "x" on table "b" is still referenced' }),
      )?.message,
    ).toBe(dataMessages.relatedInUse);
    expect(databaseRefusal(pgError('23505'))?.statusCode).toBe(409);
    expect(databaseRefusal(pgError('23514'))?.statusCode).toBe(400);
    for (const code of ['22P02', '22003', '22001', '22021', '22007', '54000']) expect(databaseRefusal(pgError(code))?.statusCode).toBe(400);
    for (const code of ['08006', '08001', '57P01', '57P02', '57P03', '57014']) {
      expect(isDatabaseUnavailable(wrapped(pgError(code)))).toBe(true);
      expect(databaseRefusal(pgError(code))).toMatchObject({ statusCode: 503, message: dataMessages.databaseUnavailable });
    }
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(databaseRefusal(pgError('42P01'))).toBeNull();
    expect(databaseRefusal(new TypeError('x'))).toBeNull();
  });

  it('the loggable form keeps code, constraint and table and drops values', () => {
    const error = Object.assign(new Error('Failed query: insert into users …\nparams: 12345678909,Maria,maria@exemplo.com.br'), {
      query: 'insert into users',
      params: ['12345678909'],
      cause: pgError('23505', {
        message: 'duplicate key value violates unique constraint "users_cpf_unique"',
        detail: 'Key (cpf)=(12345678909) already exists.',
        constraint: 'users_cpf_unique',
        table: 'users',
      }),
    });
    const logged = loggableError(error);
    expect(logged).toMatchObject({ code: '23505', constraint: 'users_cpf_unique', table: 'users' });
    const text = JSON.stringify(logged);
    for (const secret of ['12345678909', 'Maria', 'maria@']) expect(text).not.toContain(secret);
    expect(JSON.stringify(loggableError(pgError('22P02', { message: 'invalid input syntax for type integer: "12345678909"' })))).not.toContain(
      '12345678909',
    );
  });
});

describe('bad text and refused writes through the API', () => {
  let ctx: TestContext;
  let staff: Client;
  let admin: Client;
  beforeAll(async () => {
    ctx = await createTestApp();
    staff = (await signedInAs(ctx, ['v2menucadterceiro'])).client;
    admin = (await signedInAs(ctx, ['v2access', 'v2menucad', 'v2menucadservicos'])).client;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const count = async (table: string) => Number((await ctx.pool.query(`select count(*) from ${table}`)).rows[0].count);

  it('a NUL byte (or another control character) in a third party name answers 400 and writes nothing', async () => {
    const before = await count('terceiros');
    const auditsBefore = await count('audits');
    for (const terNome of ['Fulano\u0000 de Tal', 'Fulano\u0007 de Tal']) {
      const res = await call(staff, terceiroContracts.add, { body: { terId: 0, terTipo: 0, terCPFCNPJ: nextCpf(), terNome } });
      expect(res.status, res.res.body).toBe(400);
      expect(res.error.message).toBe(`terNome: ${dataMessages.invalidText}`);
    }
    // In a query or a path parameter too.
    const inPath = await call(staff, terceiroContracts.checkDocument, { params: { terId: 0, terTipo: 0, document: '123\u0000' } });
    expect(inPath.status).toBe(400);
    expect(inPath.body.message).toContain(dataMessages.invalidText);
    expect(await count('terceiros')).toBe(before);
    expect(await count('audits')).toBe(auditsBefore);
    // Tab and line breaks are text.
    const ok = await call(staff, terceiroContracts.add, { body: { terId: 0, terTipo: 0, terCPFCNPJ: nextCpf(), terNome: 'Fulano\tde Tal' } });
    expect(ok.status, ok.res.body).toBe(200);
  });

  it('an unknown irgrpId on a service answers 400 with a message, not 500, and writes nothing', async () => {
    const sup = await call(admin, serviceContracts.addSupplier, { body: { supName: 'Fornecedor Teste', supCnpj: '11.444.777/0001-61' } });
    expect(sup.status, sup.res.body).toBe(200);
    const prod = await call(admin, serviceContracts.addProduct, { params: { supId: sup.body.supId }, body: { sucName: 'Produto Teste' } });
    expect(prod.status, prod.res.body).toBe(200);
    const before = await count('services');
    const res = await call(admin, serviceContracts.addService, {
      params: { sucId: prod.body.sucId },
      body: { svcName: 'Serviço', svcValor: 100, irgrpId: 999999 },
    });
    expect(res.status, res.res.body).toBe(400);
    expect(res.error.message).toBe(dataMessages.relatedNotFound);
    expect(await count('services')).toBe(before);
  });
});

describe('what the log holds', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  let logged: Awaited<ReturnType<typeof buildApp>>;
  const person = { cpf: nextCpf(), name: 'Maria Sigilosa Pereira', email: 'maria.sigilosa@exemplo.com.br' };

  beforeAll(async () => {
    ctx = await createTestApp();
    await createUser(ctx, { roles: [], cpf: person.cpf, name: person.name });
    // A second instance on the same database whose log is captured, with two routes whose queries
    // fail with personal data in their parameters: a duplicate that escaped a service check, and a bug.
    logged = await buildApp({
      config: ctx.config,
      db: ctx.db,
      pool: ctx.pool,
      serveWeb: false,
      logger: {
        stream: {
          write: (line) => {
            lines.push(line);
          },
        },
      },
    });
    logged.post('/api/v1/teste/duplicado', { config: { public: true } }, async () => {
      await ctx.db.insert(users).values({ cpf: person.cpf, name: person.name, email: person.email, passwordHash: 'x' });
      return {};
    });
    logged.post('/api/v1/teste/defeito', { config: { public: true } }, async () => {
      await ctx.db.execute(sql`select ${person.cpf}, ${person.name}, ${person.email} from tabela_que_nao_existe`);
      return {};
    });
    await logged.ready();
  });
  afterAll(async () => {
    await logged.close();
    await ctx.close();
  });

  it('a duplicate that escaped the service check answers 409, a bug 500; neither log line holds the CPF, name or e-mail', async () => {
    const dup = await logged.inject({ method: 'POST', url: '/api/v1/teste/duplicado', payload: {} });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(dataMessages.duplicate);
    const bug = await logged.inject({ method: 'POST', url: '/api/v1/teste/defeito', payload: {} });
    expect(bug.statusCode).toBe(500);

    const log = lines.join('');
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('"code":"42P01"');
    for (const secret of [person.cpf, person.name, 'Sigilosa', person.email, 'params']) expect(log).not.toContain(secret);
  });

  it('the access log holds neither a reset code nor a CPF of the URL', async () => {
    await logged.inject({ method: 'GET', url: '/reset?q=CodigoSecretoDeRedefinicao_12345' });
    await call(logged, passwordResetContracts.requestReset, { params: { user: person.cpf } });
    const log = lines.join('');
    expect(log).toContain('/reset?q=***');
    expect(log).toContain('/api/v1/login/resetpassword/***');
    expect(log).not.toContain('CodigoSecreto');
    expect(log).not.toContain(person.cpf);
  });
});
