import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { creditMessages, creditRoles, loginMessages, onlyDigits, type CreditReply, type CreditRequest } from '@assoc/domain';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import type { AppServices } from '../../lib/module.js';
import { actorFrom } from '../../lib/actor.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import { dummyVerify, verifyPassword } from '../../lib/password.js';
import type { AuthRepository, UserForSignIn } from '../auth/auth.repository.js';
import type { SessionUser } from '../auth/session.js';
import { createCreditRepository, type PriorCredit } from './credit.repository.js';

/** The audit category of issued credits (the ledger writes its own 'extrato' row for the entry). */
export const CREDIT_AUDIT = 'credito';

interface Deps {
  db: Db;
  config: Pick<AppConfig, 'LOGIN_WINDOW_MINUTES' | 'LOGIN_MAX_FAILURES' | 'LOGIN_MAX_FAILURES_PER_IP'>;
  ledger: AppServices['ledger'];
  /** The sign-in's counters (login_limits) and failure records: a credit's password is checked like a sign-in. */
  authRepo: AuthRepository;
}

export function createCreditService({ db, config, ledger, authRepo }: Deps) {
  const repo = createCreditRepository();
  /** The credits being issued on this instance, by idempotency key. */
  const inflight = new Map<string, Promise<CreditReply>>();

  /**
   * One user's CPF and password, counted against the sign-in's limits (the CPF from any address, the address across
   * CPFs): over the limit 429; a wrong CPF or password stays counted (login_failures + a security event) and answers
   * 404 with the dialog's message (spec 2 §8: "On 404 with a body message, that message"); a right one gives its count
   * back. Wrong CPF and wrong password answer alike.
   */
  async function checkUser(cpf: string, password: string, ip: string): Promise<UserForSignIn> {
    const counts = await authRepo.reserveAttempt(db, cpf, ip, config.LOGIN_WINDOW_MINUTES);
    if (counts.cpf > config.LOGIN_MAX_FAILURES || counts.ip > config.LOGIN_MAX_FAILURES_PER_IP) {
      await authRepo.releaseAttempt(db, cpf, ip);
      throw tooManyRequests(loginMessages.tooManyAttempts(config.LOGIN_WINDOW_MINUTES));
    }
    const user = await authRepo.findUserByCpf(db, cpf);
    const ok = user ? await verifyPassword(user.passwordHash, password) : (await dummyVerify(password), false);
    if (!user || !ok || !user.active) {
      await authRepo.recordFailure(db, cpf, ip, {
        kind: 'login_fail',
        subjectUserId: user?.userId ?? null,
        details: { cpf, ip, reason: 'credit_confirmation' },
      });
      throw notFound(creditMessages.invalidCredentials);
    }
    await authRepo.releaseAttempt(db, cpf, ip);
    return user;
  }

  /** The answer to a key already used: the first credit's (created false) for the same request, else 409. */
  function replay(prior: PriorCredit, cstId: number, requestHash: string): CreditReply {
    if (prior.cstId !== cstId || (prior.requestHash !== null && prior.requestHash !== requestHash)) throw conflict(creditMessages.keyReused);
    return { message: creditMessages.success, extId: prior.extId, created: false };
  }

  async function issueOnce(
    cstId: number,
    body: CreditRequest,
    me: SessionUser,
    ip: string,
    request: { key: string; requestHash: string; cpf1: string; cpf2: string },
  ): Promise<CreditReply> {
    const { key, requestHash, cpf1, cpf2 } = request;
    const earlier = await repo.prior(db, key, cstId);
    if (earlier) return replay(earlier, cstId, requestHash);
    await checkUser(cpf1, body.creditoPassword1, ip);
    const second = await checkUser(cpf2, body.creditoPassword2, ip);
    if (!creditRoles.some((role) => second.roles.includes(role))) throw notFound(creditMessages.secondUserNotAllowed);

    const first = actorFrom(me);
    const other = actorFrom(second);
    return db.transaction(async (tx) => {
      // Another instance may be writing the same key: one at a time, and the later one answers the first's result.
      await repo.lockKey(tx, key);
      const prior = await repo.prior(tx, key, cstId);
      if (prior) return replay(prior, cstId, requestHash);
      const [person] = await tx.select({ parentId: customers.parentId }).from(customers).where(eq(customers.cstId, cstId)).for('update');
      if (!person) throw notFound(creditMessages.memberNotFound);
      if (person.parentId !== null) throw badRequest(creditMessages.notHolder);
      const { entry, created } = await ledger.addEntry(
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
            creditoKey: key,
            requestHash,
            creditoRef: body.creditoRef,
            creditoValor: body.creditoValor,
            usuario1: first,
            usuario2: other,
          },
        });
      }
      return { message: creditMessages.success, extId: entry.extId, created };
    });
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
      const key =
        body.creditoKey ??
        crypto
          .createHash('sha256')
          .update(JSON.stringify([cstId, body.creditoRef, body.creditoValor, cpf1, cpf2, new Date().toISOString().slice(0, 10)]))
          .digest('hex')
          .slice(0, 40);
      // What the key names: the passwords are not part of it (a retry may mistype one and still mean the same credit).
      const requestHash = crypto
        .createHash('sha256')
        .update(JSON.stringify([cstId, body.creditoRef, body.creditoValor, cpf1, cpf2]))
        .digest('hex');

      // Issue 22 item 10: a request whose key is in flight on this instance waits for it and then answers from what
      // it wrote, without checking passwords again (no sign-in count, so no 429 from a double submit).
      for (let running = inflight.get(key); running; running = inflight.get(key)) await running.catch(() => undefined);
      const run = issueOnce(cstId, body, me, ip, { key, requestHash, cpf1, cpf2 });
      inflight.set(key, run);
      try {
        return await run;
      } finally {
        if (inflight.get(key) === run) inflight.delete(key);
      }
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
