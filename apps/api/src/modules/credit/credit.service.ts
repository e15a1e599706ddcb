import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { creditMessages, creditRoles, loginMessages, onlyDigits, type CreditReply, type CreditRequest } from '@assoc/domain';
import { customers } from '../../db/schema/index.js';
import { actorFrom } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import { dummyVerify, verifyPassword } from '../../lib/password.js';
import type { AuthRepository, UserForSignIn } from '../auth/auth.repository.js';
import type { SessionUser } from '../auth/session.js';

/** The audit category of issued credits (the ledger writes its own 'extrato' row for the entry). */
export const CREDIT_AUDIT = 'credito';

interface Deps {
  app: FastifyInstance;
  /** The sign-in's counters (login_limits) and failure records: a credit's password is checked like a sign-in. */
  authRepo: AuthRepository;
}

export function createCreditService({ app, authRepo }: Deps) {
  const config = app.config;

  /**
   * One user's CPF and password, counted against the sign-in's limits (the CPF from any address, the address across
   * CPFs): over the limit 429; a wrong CPF or password stays counted (login_failures + a security event) and answers
   * 404 with the dialog's message (spec 2 §8: "On 404 with a body message, that message"); a right one gives its count
   * back. Wrong CPF and wrong password answer alike.
   */
  async function checkUser(cpf: string, password: string, ip: string): Promise<UserForSignIn> {
    const counts = await authRepo.reserveAttempt(cpf, ip, config.LOGIN_WINDOW_MINUTES);
    if (counts.cpf > config.LOGIN_MAX_FAILURES || counts.ip > config.LOGIN_MAX_FAILURES_PER_IP) {
      await authRepo.releaseAttempt(cpf, ip);
      throw tooManyRequests(loginMessages.tooManyAttempts(config.LOGIN_WINDOW_MINUTES));
    }
    const user = await authRepo.findUserByCpf(cpf);
    const ok = user ? await verifyPassword(user.passwordHash, password) : (await dummyVerify(password), false);
    if (!user || !ok || !user.active) {
      await authRepo.recordFailure(cpf, ip, {
        kind: 'login_fail',
        subjectUserId: user?.userId ?? null,
        details: { cpf, ip, reason: 'credit_confirmation' },
      });
      throw notFound(creditMessages.invalidCredentials);
    }
    await authRepo.releaseAttempt(cpf, ip);
    return user;
  }

  return {
    /**
     * POST user/credito/{cstId} (spec 2 §2.5, §4, §5, §7; issue 14 item 4): the first user is the signed-in user, the
     * second a different active user who also holds the credit role; both passwords are verified before anything is
     * written. The credit is one entry (negative value, tipo credito) in the open period through the ledger, idempotent
     * by the dialog's key (without one, by the request's content for the day), audited with both users.
     */
    async issue(cstId: number, body: CreditRequest, me: SessionUser, ip: string): Promise<CreditReply> {
      const cpf1 = onlyDigits(body.creditoUsername1);
      const cpf2 = onlyDigits(body.creditoUsername2);
      if (cpf1 === cpf2) throw badRequest(creditMessages.differentUsers);
      if (cpf1 !== me.cpf) throw forbidden(creditMessages.firstUserMustBeSignedIn);
      await checkUser(cpf1, body.creditoPassword1, ip);
      const second = await checkUser(cpf2, body.creditoPassword2, ip);
      if (!creditRoles.some((role) => second.roles.includes(role))) throw notFound(creditMessages.secondUserNotAllowed);

      const first = actorFrom(me);
      const other = actorFrom(second);
      const key =
        body.creditoKey ??
        crypto
          .createHash('sha256')
          .update(JSON.stringify([cstId, body.creditoRef, body.creditoValor, cpf1, cpf2, new Date().toISOString().slice(0, 10)]))
          .digest('hex')
          .slice(0, 40);
      return app.db.transaction(async (tx) => {
        const [person] = await tx.select({ parentId: customers.parentId }).from(customers).where(eq(customers.cstId, cstId)).for('update');
        if (!person) throw notFound(creditMessages.memberNotFound);
        if (person.parentId !== null) throw badRequest(creditMessages.notHolder);
        const { entry, created } = await app.services.ledger.addEntry(
          tx,
          {
            cstId,
            descricao: creditMessages.entryDescription(body.creditoRef, first.name, other.name),
            valor: -body.creditoValor,
            tipo: 'credito',
            key: `credito:${key}`,
          },
          first,
        );
        if (created) {
          await writeAudit(tx, {
            category: CREDIT_AUDIT,
            ownerId: cstId,
            entityId: entry.extId,
            action: 'insert',
            user: first,
            before: null,
            after: {
              extId: entry.extId,
              fecId: entry.fecId,
              creditoRef: body.creditoRef,
              creditoValor: body.creditoValor,
              usuario1: first,
              usuario2: other,
            },
          });
        }
        return { message: creditMessages.success, extId: entry.extId, created };
      });
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
