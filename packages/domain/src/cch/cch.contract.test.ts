import { describe, expect, it } from 'vitest';
import { allRoles } from '../access/roles.js';
import { binaryReply, type RouteContract } from '../contract/route-contract.js';
import { cchContracts, tussRegistryContracts, tussRegistrySchema } from './cch.contract.js';
import { cchMessages } from './messages.js';

const line = (c: RouteContract) => ({ call: `${c.method} ${c.path}`, access: c.access, ...(c.xsrf ? { xsrf: true } : {}) });

describe('CCH calls (spec 2 §7, issue 26) and their roles (spec 2 §6)', () => {
  it('keeps each path, method, access and flag', () => {
    expect(Object.values(cchContracts).map(line)).toEqual([
      { call: 'GET /cch/:status/:rnd', access: { roles: ['v2menucch'] } },
      { call: 'POST /cch', access: { roles: ['v2menucch'] } },
      { call: 'PUT /cch/:cchId', access: { roles: ['v2cchbeneficioedit'] } },
      { call: 'DELETE /cch/:cchId', access: { roles: ['superadmin'] } },
      { call: 'GET /cch/cancel/:cchId', access: { roles: ['v2cchbeneficioedit'] }, xsrf: true },
      { call: 'GET /cch/doc/:cchId', access: { roles: ['v2cchdownload'] } },
      { call: 'GET /cch/deferido/:cchId', access: { roles: ['v2menucch'] } },
      { call: 'GET /cch/indeferido/:cchId', access: { roles: ['v2menucch'] } },
      { call: 'GET /cch/planos', access: { roles: ['v2menucch'] } },
      { call: 'GET /cch/saldo/:cstId', access: { roles: ['v2menucch'] } },
      { call: 'GET /cch/banco/:cstId', access: { roles: ['v2cchbeneficioedit'] } },
      { call: 'GET /user/tuss/:code', access: { roles: ['v2menucch'] } },
      { call: 'POST /cch/upload', access: { roles: ['v2menucch'] } },
      { call: 'GET /cch/cchaumento', access: { roles: ['v2cchaumento'] } },
      { call: 'POST /cch/cchaumento', access: { roles: ['v2cchaumento'] } },
    ]);
  });

  it('names only catalogued roles, answers files as binary and a pt-BR summary on every call', () => {
    for (const c of Object.values(cchContracts) as RouteContract[]) {
      if ('roles' in c.access) for (const role of c.access.roles) expect(allRoles, c.path).toContain(role);
      expect(c.summary.length, c.path).toBeGreaterThan(10);
    }
    expect([cchContracts.doc.reply, cchContracts.approvalLetter.reply, cchContracts.denialLetter.reply]).toEqual([
      binaryReply,
      binaryReply,
      binaryReply,
    ]);
  });

  it('parses the list params and query', () => {
    expect(cchContracts.list.params.parse({ status: '2', rnd: '0.123' })).toEqual({ status: 2, rnd: '0.123' });
    expect(cchContracts.list.params.safeParse({ status: '7', rnd: '1' }).success).toBe(false);
    expect(cchContracts.list.query.parse({})).toEqual({ page: 1, pageSize: 50 });
  });

  it('declares the TUSS registry (superadmin screen /tuss) with the code guard', () => {
    expect(Object.values(tussRegistryContracts).map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /tuss',
      'POST /tuss',
      'PUT /tuss/:id',
      'DELETE /tuss/:id',
    ]);
    expect(tussRegistrySchema.safeParse({ tussCodigo: '40303039', tussTerminologia: 'Atendimento' }).success).toBe(true);
    expect(tussRegistrySchema.safeParse({ tussCodigo: '40303038', tussTerminologia: 'Atendimento' }).success).toBe(false);
    // A code of the shipped subset is not the registry's: the subset already names it.
    expect(tussRegistrySchema.safeParse({ tussCodigo: '50000160', tussTerminologia: 'Atendimento' }).error?.issues[0]?.message).toBe(
      cchMessages.tussInSubset,
    );
  });
});
