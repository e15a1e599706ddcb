import { incomeTaxMessages as im, kinships, type IncomeTaxStatement } from '@assoc/domain';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AppConfig } from '../../config.js';
import type { Db, Executor } from '../../db/client.js';
import type { AppServices } from '../../lib/module.js';
import type { IncomeTaxRepository } from './income-tax.repository.js';

const kinshipLabel = (value: number | null) => kinships.find((k) => k.value === value)?.label ?? 'Dependente';

/** Decision 7: the income-tax statement of a holder for a base year, its PDF (informe-rendimentos) and its e-mail. */
export function createIncomeTaxService(deps: {
  db: Db;
  repo: IncomeTaxRepository;
  config: Pick<AppConfig, 'ASSOCIATION_NAME' | 'BOLETO_BENEFICIARY_CNPJ'>;
  documents: AppServices['documents'];
}) {
  const { db, repo, config, documents } = deps;

  async function statement(
    cstId: number,
    ano: number,
  ): Promise<IncomeTaxStatement & { email: string | null; situacao: number | null; irPorEmail: boolean }> {
    const person = await repo.person(db, cstId);
    if (!person) throw notFound(im.memberNotFound);
    if (person.parentId !== null) throw badRequest(im.notHolder);
    const [people, amounts] = await Promise.all([repo.people(db, cstId), repo.amounts(db, cstId, ano)]);
    const holder = people.find((p) => p.cstId === cstId)!;
    const groups = new Map<number, { irgrpId: number; nome: string; valor: number; reembolsado: number }>();
    for (const a of amounts) {
      const g = groups.get(a.irgrpId) ?? { irgrpId: a.irgrpId, nome: a.grupo, valor: 0, reembolsado: 0 };
      g.valor += a.valor;
      g.reembolsado += a.reembolsado;
      groups.set(a.irgrpId, g);
    }
    const beneficiarios = people
      .map((p) => {
        const grupos = amounts
          .filter((a) => a.respId === p.cstId)
          .map((a) => ({ irgrpId: a.irgrpId, nome: a.grupo, valor: a.valor, reembolsado: a.reembolsado }));
        return {
          cstId: p.cstId,
          nome: p.nome,
          cpf: p.cpf,
          parentesco: p.parentId === null ? 'Titular' : kinshipLabel(p.parentesco),
          nascimento: p.nascimento,
          grupos,
          total: grupos.reduce((s, g) => s + g.valor, 0),
        };
      })
      .filter((b) => b.grupos.length > 0);
    return {
      ano,
      entidade: { nome: config.ASSOCIATION_NAME, cnpj: config.BOLETO_BENEFICIARY_CNPJ },
      titular: { cstId, nome: holder.nome, cpf: holder.cpf },
      beneficiarios,
      grupos: [...groups.values()],
      total: beneficiarios.reduce((s, b) => s + b.total, 0),
      reembolsado: amounts.reduce((s, a) => s + a.reembolsado, 0),
      email: holder.email,
      situacao: holder.situacao,
      irPorEmail: holder.irPorEmail,
    };
  }

  /** The informe-rendimentos data: one row per beneficiary and IR group (the group named when there are several); null without payments. */
  async function pdfData(cstId: number, ano: number) {
    const s = await statement(cstId, ano);
    if (s.beneficiarios.length === 0) return null;
    const several = s.grupos.length > 1;
    return {
      year: ano,
      entity: { name: s.entidade.nome, cnpj: s.entidade.cnpj },
      plan: s.grupos.map((g) => g.nome).join(', '),
      holder: { name: s.titular.nome, cpf: s.titular.cpf ?? '' },
      beneficiaries: s.beneficiarios.flatMap((b) =>
        b.grupos.map((g) => ({
          name: (several ? `${b.nome} (${g.nome})` : b.nome).slice(0, 120),
          cpf: b.cpf,
          relationship: b.parentesco,
          birthDate: b.nascimento,
          paid: Math.max(0, g.valor),
          reimbursed: Math.max(0, g.reembolsado),
        })),
      ),
      place: 'São Paulo',
    };
  }

  async function pdf(cstId: number, ano: number): Promise<Uint8Array> {
    const data = await pdfData(cstId, ano);
    if (!data) throw notFound(im.noPayments);
    return documents.render('informe-rendimentos', data);
  }

  return {
    async statement(cstId: number, ano: number): Promise<IncomeTaxStatement> {
      const { email: _email, situacao: _situacao, irPorEmail: _ir, ...reply } = await statement(cstId, ano);
      return reply;
    },
    pdf,
    /** The informe-rendimentos data of many holders (the menu's I.R. jobs): by holder, those with payments in the base year. */
    async pdfDataOf(cstIds: readonly number[], ano: number): Promise<Map<number, unknown>> {
      const found = new Map<number, unknown>();
      // A few holders at a time: each is the statement's two reads.
      for (let i = 0; i < cstIds.length; i += 8) {
        const part = cstIds.slice(i, i + 8);
        const data = await Promise.all(part.map((id) => pdfData(id, ano)));
        part.forEach((id, k) => {
          if (data[k]) found.set(id, data[k]);
        });
      }
      return found;
    },
    /** irDatas of the member record: the base years with amounts in an IR group. */
    async years(cstId: number, tx: Executor = db) {
      return (await repo.years(tx, cstId)).map((ano) => ({ value: ano, label: String(ano) }));
    },
    /** GET user/emailir/{cstId}/{ano}: only when the situation is not 5 and custIRPorEmail is on (spec 1 §6). */
    async email(cstId: number, ano: number, actor: Actor): Promise<{ message: string }> {
      const s = await statement(cstId, ano);
      if (s.situacao === 5) throw badRequest(im.emailDeceased);
      if (!s.irPorEmail) throw badRequest(im.emailNotAllowed);
      if (!s.email) throw badRequest(im.emailMissing);
      await documents.emailTo(
        { email: s.email, name: s.titular.nome, cstId },
        { pdf: await pdf(cstId, ano), fileName: `informe-rendimentos-${ano}.pdf` },
        { key: 'informeRendimentos', values: { ano } },
        { actor },
      );
      return { message: im.sent };
    },
  };
}

export type IncomeTaxService = ReturnType<typeof createIncomeTaxService>;
