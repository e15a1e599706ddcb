/**
 * Fuzz of every write route of the OpenAPI document (issue 8, "Tests and figures"): malformed bodies
 * (wrong types, control characters, a 1 MB string, deep nesting, null, arrays, unknown properties,
 * empty bodies) sent with a superadmin session holding every role and the XSRF header. No answer may
 * be a 5xx, and the application data must be unchanged.
 *
 * The fingerprint covers every table of the public schema (row count + md5 of the rows) except the
 * bookkeeping that a refused request may legitimately touch: sessions (last seen), sign-in limits and
 * failures, password-reset requests and TOTP setups (counted before validation of a later step),
 * socket.io attachments, the lookup cache, and audit rows of category 'security'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoles, SECURITY_CATEGORY } from '@assoc/domain';
import { createTestApp, signedInAs, type Client, type TestContext } from './helper.js';

const EXCLUDED_TABLES = new Set([
  'sessions',
  'login_failures',
  'login_limits',
  'password_reset_requests',
  'totp_setups',
  'socket_io_attachments',
  'lookup_cache',
  '__drizzle_migrations',
]);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Operation {
  method: string;
  path: string;
  params: string[];
  body: JsonSchema | undefined;
}

let ctx: TestContext;
let client: Client;

beforeAll(async () => {
  ctx = await createTestApp({}, { features: { jobs: true } });
  client = (await signedInAs(ctx, allRoles)).client;
});
afterAll(async () => {
  await ctx.close();
});

/** Every row of every application table, as counts and digests per table. */
async function fingerprint(): Promise<Record<string, string>> {
  const { rows: tables } = await ctx.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    if (EXCLUDED_TABLES.has(name)) continue;
    const where = name === 'audits' ? `where category <> '${SECURITY_CATEGORY}'` : '';
    const { rows } = await ctx.pool.query(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t ${where}`,
    );
    result[name] = `${rows[0].n}:${rows[0].h}`;
  }
  return result;
}

/** The write operations under /api/v1 with their path parameters and JSON body schema. */
function writeOperations(): Operation[] {
  const doc = ctx.app.swagger() as {
    paths: Record<
      string,
      Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
    >;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      operations.push({ method: method.toUpperCase(), path, params, body: op.requestBody?.content?.['application/json']?.schema });
    }
  }
  return operations;
}

const typeOf = (schema: JsonSchema | undefined): string => {
  if (!schema) return 'unknown';
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t) return t;
  const variant = (schema.anyOf ?? schema.oneOf ?? []).find((s) => s.type !== 'null');
  return variant ? typeOf(variant) : 'unknown';
};

/** A plausible value per type, so that one property at a time can be made wrong. */
const plausible = (schema: JsonSchema | undefined): unknown => {
  switch (typeOf(schema)) {
    case 'string':
      return 'Valor de teste';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'x';
  }
};

/** Values of the wrong type for a property of this type (never null: a nullable field would accept it). */
const wrongTypes = (schema: JsonSchema | undefined): unknown[] => {
  switch (typeOf(schema)) {
    case 'string':
      return [12345, { a: 1 }];
    case 'number':
    case 'integer':
      return ['x', 1e300, { a: 1 }];
    case 'boolean':
      return ['x', 2];
    case 'array':
      return ['x', { a: 1 }];
    case 'object':
      return ['x', [1]];
    default:
      return [{ a: [1] }];
  }
};

const DEPTH = 2000;
const deepArray = () => `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = () => `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const MEGABYTE = 'a'.repeat(1024 * 1024);

interface Probe {
  label: string;
  payload?: string;
  contentType?: string;
}

/** The bounded set of malformed bodies for one operation. */
function probes(op: Operation): Probe[] {
  const json = (label: string, value: unknown): Probe => ({ label, payload: JSON.stringify(value), contentType: 'application/json' });
  const list: Probe[] = [
    json('null', null),
    json('array instead of object', []),
    json('array of objects', [{}]),
    json('number', 42),
    json('string', 'texto'),
    json('unknown properties only', { desconhecido: 'x', outro: 1, constructor: 'x' }),
    {
      label: 'prototype pollution',
      payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
      contentType: 'application/json',
    },
    { label: 'deep array', payload: deepArray(), contentType: 'application/json' },
    { label: 'deep object', payload: deepObject(), contentType: 'application/json' },
    { label: 'invalid JSON', payload: '{"a":', contentType: 'application/json' },
    { label: 'empty JSON body', payload: '', contentType: 'application/json' },
    { label: 'no body' },
    { label: 'text/plain', payload: 'texto', contentType: 'text/plain' },
    json('control character in a key', { 'campo\u0000': 'x' }),
  ];
  const properties = Object.entries(op.body?.properties ?? {});
  const base = Object.fromEntries(properties.map(([name, schema]) => [name, plausible(schema)]));
  let bigStrings = 0;
  for (const [name, schema] of properties) {
    for (const wrong of wrongTypes(schema)) list.push(json(`${name}: ${JSON.stringify(wrong)}`, { ...base, [name]: wrong }));
    list.push({
      label: `${name}: deep array`,
      payload: JSON.stringify({ ...base, [name]: 0 }).replace(`"${name}":0`, `"${name}":${deepArray()}`),
      contentType: 'application/json',
    });
    if (typeOf(schema) === 'string') {
      list.push(json(`${name}: NUL`, { ...base, [name]: 'Valor\u0000teste' }));
      list.push(json(`${name}: BEL`, { ...base, [name]: 'Valor\u0007teste' }));
      // 1 MB in each of the first string properties (bounded run time).
      if (bigStrings++ < 4) list.push(json(`${name}: 1 MB and a NUL`, { ...base, [name]: `${MEGABYTE}\u0000` }));
    }
    if (typeOf(schema) === 'array') list.push(json(`${name}: array of NUL`, { ...base, [name]: ['\u0000', { x: '\u0000' }] }));
  }
  return list;
}

/** Path parameter values: plausible ids and texts, plus a number beyond int4 and a NUL. */
const PARAM_VALUES = ['1', 'x', '99999999999', '-1', '%00', '1.5', '%20'];

describe('fuzz: malformed bodies to every write route', () => {
  it('answers no 5xx and changes nothing', async () => {
    const operations = writeOperations();
    expect(operations.length).toBeGreaterThan(20);
    const before = await fingerprint();
    const failures: string[] = [];
    const accepted: string[] = [];
    let requests = 0;
    const started = Date.now();

    const send = async (op: Operation, url: string, probe: Probe) => {
      const headers: Record<string, string> = probe.contentType ? { 'content-type': probe.contentType } : {};
      let res = await client.request({ method: op.method as 'POST', url, payload: probe.payload, headers });
      requests++;
      if (res.statusCode === 401) {
        // A route that ends the session (sign-out): sign in again and go on.
        client = (await signedInAs(ctx, allRoles)).client;
        res = await client.request({ method: op.method as 'POST', url, payload: probe.payload, headers });
        requests++;
      }
      const where = `${op.method} ${url.slice(0, 80)} [${probe.label}]`;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
      else if (res.statusCode < 300) accepted.push(`${res.statusCode} ${where}`);
    };

    for (const op of operations) {
      const fill = (value: string) => op.path.replace(/\{([^}]+)\}/g, () => value);
      // A route without a body (an action on the record of its path, e.g. clearing an authenticator)
      // ignores any body: only malformed path parameters are refused, so '1' is not sent there.
      if (op.body) for (const probe of probes(op)) await send(op, fill('1'), probe);
      if (op.params.length) {
        for (const value of PARAM_VALUES.slice(1)) {
          for (const probe of probes(op).slice(0, op.body ? 2 : 14)) await send(op, fill(value), probe);
        }
      }
    }
    const after = await fingerprint();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${operations.length} write routes, ${requests} requests, ${failures.length} answers 5xx, ${accepted.length} accepted (2xx), ${seconds} s`,
    );
    expect(failures).toEqual([]);
    expect(accepted).toEqual([]);
    const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
    expect(changed).toEqual([]);
  }, 180_000);
});
