import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from '../auth/login.schema.js';
import { accountSecurityContracts } from './account-security.contract.js';
import { normalizeRecoveryCode, ownSessionIdParams } from './account-security.schema.js';

describe('Segurança contracts (issue 28)', () => {
  it('serve every signed-in user, on these paths', () => {
    expect(Object.values(accountSecurityContracts).map((c) => ({ call: `${c.method} ${c.path}`, access: c.access }))).toEqual([
      { call: 'GET /sessions/minhas', access: { signedIn: true } },
      { call: 'DELETE /sessions/minhas/:sessionId', access: { signedIn: true } },
      { call: 'DELETE /sessions/minhas', access: { signedIn: true } },
      { call: 'GET /seguranca/minhas', access: { signedIn: true } },
      { call: 'POST /senha/minha', access: { signedIn: true } },
      { call: 'POST /totp/recuperacao', access: { signedIn: true } },
    ]);
  });

  it('reads a recovery code whatever its case, spaces and dash', () => {
    expect(normalizeRecoveryCode(' abcde-fgh23 ')).toBe('ABCDEFGH23');
    expect(normalizeRecoveryCode('ABCDE FGH23')).toBe('ABCDEFGH23');
  });

  it('keeps the sign-in body as it was, recoveryCode optional and bounded', () => {
    const parsed = loginRequestSchema.parse({ username: '12345678901', password: 'x' });
    expect(parsed.recoveryCode).toBeUndefined();
    expect(loginRequestSchema.safeParse({ username: '12345678901', password: 'x', recoveryCode: 'A'.repeat(21) }).success).toBe(false);
    expect(ownSessionIdParams.safeParse({ sessionId: '0' }).success).toBe(false);
  });
});
