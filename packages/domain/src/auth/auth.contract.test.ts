import { describe, expect, it } from 'vitest';
import { connectionsContracts } from '../access/connections.contract.js';
import { menuContracts } from '../access/menu.contract.js';
import { binaryReply, pathOf, type RouteContract } from '../contract/route-contract.js';
import { securityEventsContracts } from '../security/security-events.contract.js';
import { toolsContracts } from '../tools/tools.contract.js';
import { authContracts, firstStartContracts } from './auth.contract.js';
import { passwordResetContracts } from './password-reset.contract.js';

const line = (c: RouteContract) => ({
  call: `${c.method} ${c.path}`,
  access: c.access,
  ...(c.xsrf ? { xsrf: true } : {}),
  ...(c.allowPendingPassword ? { allowPendingPassword: true } : {}),
});

describe('session, sign-in and small modules: the calls of spec 1 §7 and issue 8, unchanged', () => {
  it('keeps each path, method, access and flag', () => {
    const all = [
      ...Object.values(authContracts),
      ...Object.values(firstStartContracts),
      ...Object.values(passwordResetContracts),
      ...Object.values(toolsContracts),
      ...Object.values(menuContracts),
      ...Object.values(connectionsContracts),
      ...Object.values(securityEventsContracts),
    ];
    expect(all.map(line)).toEqual([
      { call: 'POST /login', access: { public: true } },
      { call: 'GET /logout', access: { public: true }, xsrf: true },
      { call: 'GET /ping', access: { signedIn: true } },
      { call: 'GET /session', access: { public: true } },
      { call: 'POST /login/senhaprovisoria', access: { signedIn: true }, allowPendingPassword: true },
      { call: 'GET /login/resetpassword/:user', access: { public: true } },
      { call: 'POST /login/resetpasswordchange', access: { public: true } },
      { call: 'GET /gettoken', access: { roles: ['v2menuusuario', 'v2access', 'v2portal'] }, xsrf: true },
      { call: 'POST /gettoken/confirm', access: { roles: ['v2menuusuario', 'v2access', 'v2portal'] } },
      { call: 'GET /tutorial', access: { roles: ['v2menuusuario', 'v2access'] } },
      { call: 'GET /tree', access: { signedIn: true } },
      { call: 'GET /connected', access: { roles: ['admin'] } },
      { call: 'GET /security-events', access: { roles: ['superadmin'] } },
    ]);
  });

  it('answers the tutorial as a file and GET session as null without a session', () => {
    expect(toolsContracts.tutorial.reply).toBe(binaryReply);
    expect(authContracts.session.reply.parse(null)).toBeNull();
  });

  it('puts the CPF of a reset request in the path, encoded', () => {
    expect(pathOf(passwordResetContracts.requestReset, { user: '12345678901' })).toBe('login/resetpassword/12345678901');
    expect(passwordResetContracts.requestReset.params.safeParse({ user: '1'.repeat(21) }).success).toBe(false);
  });
});
