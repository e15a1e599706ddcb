import { HEALTH_DECLARATION_PLANS, healthDeclarationMessages as hm, kinships } from '@assoc/domain';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AppServices } from '../../lib/module.js';
import type { HealthDeclarationRepository, PlanMemberRow, PlanPaymentRow } from './health-declaration.repository.js';

const kinshipLabel = (value: number | null) => kinships.find((k) => k.value === value)?.label ?? 'Dependente';

/**
 * The payments table: when the period has plan entries, each person enrolled in plan 21/22 in the period (R$ 0,00 when
 * nothing was posted for them) and each person with plan entries (also when no longer enrolled), the holder first,
 * then by name; none at all: an empty list (the template prints "Nenhum pagamento de plano de saúde no período").
 */
function beneficiaries(cstId: number, enrolled: PlanMemberRow[], payments: PlanPaymentRow[]) {
  if (payments.length === 0) return [];
  return beneficiaryRows(cstId, enrolled, payments).map(({ nome, cpf, parentesco, pago, reembolsado }) => ({
    nome,
    cpf,
    parentesco,
    pago,
    reembolsado,
  }));
}

/**
 * Each person enrolled (R$ 0,00 when nothing was posted) or with plan entries, the holder first, then by name; with
 * the birth date when enrolled (the declaration export, issue 30 item 1, prints it).
 */
export function beneficiaryRows(cstId: number, enrolled: PlanMemberRow[], payments: PlanPaymentRow[]) {
  type Person = { name: string; cpf: string | null; parentesco: number | null; birthdate: string | null; pago: number; reembolsado: number };
  const people = new Map<number, Person>();
  for (const r of enrolled)
    people.set(r.cstId, { name: r.name, cpf: r.cpf, parentesco: r.parentesco, birthdate: r.birthdate, pago: 0, reembolsado: 0 });
  for (const p of payments)
    people.set(p.cstId, {
      name: p.name,
      cpf: p.cpf,
      parentesco: p.parentesco,
      birthdate: people.get(p.cstId)?.birthdate ?? null,
      pago: p.pago,
      reembolsado: p.reembolsado,
    });
  return [...people.entries()]
    .sort(([a, x], [b, y]) => Number(a !== cstId) - Number(b !== cstId) || x.name.localeCompare(y.name, 'pt-BR') || a - b)
    .map(([id, p]) => ({
      nome: p.name.slice(0, 80),
      cpf: p.cpf,
      parentesco: id === cstId ? 'Titular' : kinshipLabel(p.parentesco),
      nascimento: p.birthdate,
      pago: p.pago,
      reembolsado: p.reembolsado,
    }));
}

/**
 * The health declaration (spec 1 §7 `user/decsaude`, `user/emailsaude`; decision 8): the `declaracao-saude` template fed
 * with the holder's health plan (product 21 or 22) active in the period and the dependents enrolled in it, and what was
 * paid to the plans in the period per beneficiary (BANKING-AND-HEALTH §5) with the entity's name and CNPJ.
 *
 * "Paid" is read from the ledger: the period's entries on a plan-21/22 service, per responsible person, net of
 * reversals (repository `payments`). Not from the charges' bank returns: a return settles the holder's whole balance
 * (the 'pagamento' entry and the charge name no service nor person), so it cannot be split per beneficiary without an
 * allocation rule the spec does not give; what is unpaid stays as debt in the same ledger and is charged later. The
 * informe de rendimentos (decision 7) reads the same entries, so the two documents agree.
 */
export function createHealthDeclarationService(deps: {
  db: Db;
  repo: HealthDeclarationRepository;
  config: Pick<AppConfig, 'ASSOCIATION_NAME' | 'BOLETO_BENEFICIARY_CNPJ'>;
  documents: AppServices['documents'];
}) {
  const { db, repo, config, documents } = deps;

  async function declaration(cstId: number, fecId: number, plans: readonly number[] = HEALTH_DECLARATION_PLANS) {
    const holder = await repo.holder(db, cstId);
    if (!holder) throw notFound(hm.memberNotFound);
    if (holder.parentId !== null) throw badRequest(hm.notHolder);
    const period = await repo.period(db, fecId);
    if (!period) throw notFound(hm.periodNotFound);
    const [rows, payments] = await Promise.all([
      repo.planMembers(db, cstId, period.fecAno, period.fecMes, plans),
      repo.payments(db, cstId, fecId, plans),
    ]);
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
      pagamentos: {
        periodo: `${String(period.fecMes).padStart(2, '0')}/${period.fecAno}`,
        entidade: { nome: config.ASSOCIATION_NAME.slice(0, 120), cnpj: config.BOLETO_BENEFICIARY_CNPJ },
        beneficiarios: beneficiaries(cstId, rows, payments),
      },
    };
    const pdf = await documents.render('declaracao-saude', data);
    return { holder, pdf, month: `${String(period.fecMes).padStart(2, '0')}/${period.fecAno}` };
  }

  return {
    /** The declaration of one plan (the menu job's e-mail): the PDF and its month (MM/YYYY). */
    declaration,
    /** GET user/decsaude/{cstId}/{period}: the PDF. */
    async pdf(cstId: number, fecId: number): Promise<Uint8Array> {
      return (await declaration(cstId, fecId)).pdf;
    },

    /** GET user/emailsaude/{cstId}/{fecID}: the PDF in the file store and an e-mail with it in the outbox, in one transaction (documents.emailTo). */
    async email(cstId: number, fecId: number, actor: Actor): Promise<{ message: string }> {
      const holder = await repo.holder(db, cstId);
      if (holder && holder.parentId === null && !holder.email) throw badRequest(hm.emailMissing);
      const { pdf, month } = await declaration(cstId, fecId);
      await documents.emailTo(
        { email: holder!.email!, name: holder!.name, cstId },
        { pdf, fileName: `declaracao-saude-${month.replace('/', '-')}.pdf` },
        { key: 'declaracaoSaude', values: { mes: month } },
        { actor },
      );
      return { message: hm.sent };
    },
  };
}

export type HealthDeclarationService = ReturnType<typeof createHealthDeclarationService>;
