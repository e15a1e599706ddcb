import type { FastifyInstance } from 'fastify';
import { HEALTH_DECLARATION_PLANS, healthDeclarationMessages as hm, kinships } from '@assoc/domain';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { enqueueEmail } from '../mail/mail.repository.js';
import type { HealthDeclarationRepository } from './health-declaration.repository.js';

const kinshipLabel = (value: number | null) => kinships.find((k) => k.value === value)?.label ?? 'Dependente';

/**
 * The health declaration (spec 1 §7 `user/decsaude`, `user/emailsaude`; decision 8): the `declaracao-saude` template fed
 * with the holder's health plan (product 21 or 22) active in the period and the dependents enrolled in it.
 */
export function createHealthDeclarationService({ app, repo }: { app: FastifyInstance; repo: HealthDeclarationRepository }) {
  const db = app.db;

  async function declaration(cstId: number, fecId: number) {
    const holder = await repo.holder(db, cstId);
    if (!holder) throw notFound(hm.memberNotFound);
    if (holder.parentId !== null) throw badRequest(hm.notHolder);
    const period = await repo.period(db, fecId);
    if (!period) throw notFound(hm.periodNotFound);
    const rows = await repo.planMembers(db, cstId, period.fecAno, period.fecMes, HEALTH_DECLARATION_PLANS);
    if (rows.length === 0) throw notFound(hm.noPlan);
    // The holder's own plan when enrolled, else the first plan a dependent holds.
    const plan = rows.find((r) => r.parentId === null) ?? rows[0]!;
    const me = await repo.person(db, cstId);
    const data = {
      plano: { codigo: plan.sucId, nome: plan.plan },
      titular: { nome: me.name, cpf: me.cpf ?? '', nascimento: me.birthdate ?? '' },
      dependentes: rows
        .filter((r) => r.parentId !== null && r.sucId === plan.sucId)
        .map((r) => ({ nome: r.name, parentesco: kinshipLabel(r.parentesco), nascimento: r.birthdate ?? '', cpf: r.cpf })),
      local: 'São Paulo',
    };
    const pdf = await app.services.documents.render('declaracao-saude', data);
    return { holder, pdf, month: `${String(period.fecMes).padStart(2, '0')}/${period.fecAno}` };
  }

  return {
    /** GET user/decsaude/{cstId}/{period}: the PDF. */
    async pdf(cstId: number, fecId: number): Promise<Uint8Array> {
      return (await declaration(cstId, fecId)).pdf;
    },

    /** GET user/emailsaude/{cstId}/{fecID}: the PDF in the file store, an e-mail with it in the outbox. */
    async email(cstId: number, fecId: number, actor: Actor): Promise<{ message: string }> {
      const holder = await repo.holder(db, cstId);
      if (holder && holder.parentId === null && !holder.email) throw badRequest(hm.emailMissing);
      const { pdf, month } = await declaration(cstId, fecId);
      const name = `declaracao-saude-${month.replace('/', '-')}.pdf`;
      const file = await app.services.files.save({ name, data: Buffer.from(pdf), createdBy: actor.userId });
      await enqueueEmail(db, {
        to: holder!.email!,
        subject: `${hm.emailSubject} ${month}`,
        text: `Prezado(a) ${holder!.name},\n\nSegue a sua declaração de saúde (arquivo ${name}).\n\n${app.config.ASSOCIATION_NAME}`,
        userId: actor.userId,
        cstId,
        attachments: [{ fileId: file.id }],
      });
      return { message: hm.sent };
    },
  };
}

export type HealthDeclarationService = ReturnType<typeof createHealthDeclarationService>;
