import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { assocCargos, extratoGroups, feriados, forumCargos, messageTemplates } from '../schema/index.js';

/** National holidays of the year and the next (fixed dates plus Carnival, Good Friday and Corpus Christi). */
function holidays(year: number) {
  // Easter Sunday (anonymous Gregorian algorithm).
  const a = year % 19,
    b = Math.floor(year / 100),
    c = year % 100,
    d = Math.floor(b / 4),
    e = b % 4;
  const f = Math.floor((b + 8) / 25),
    g = Math.floor((b - f + 1) / 3),
    h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4),
    k = c % 4,
    l = (32 + 2 * e + 2 * i - h - k) % 7,
    m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31),
    day = ((h + l - 7 * m + 114) % 31) + 1;
  const easter = Date.UTC(year, month - 1, day);
  const fromEaster = (days: number) => new Date(easter + days * 86_400_000).toISOString().slice(0, 10);
  const fixed = (mm: number, dd: number) => `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
  return [
    { ferDia: fixed(1, 1), ferDescricao: 'Confraternização Universal' },
    { ferDia: fromEaster(-47), ferDescricao: 'Carnaval' },
    { ferDia: fromEaster(-2), ferDescricao: 'Sexta-feira da Paixão' },
    { ferDia: fixed(4, 21), ferDescricao: 'Tiradentes' },
    { ferDia: fixed(5, 1), ferDescricao: 'Dia do Trabalho' },
    { ferDia: fromEaster(60), ferDescricao: 'Corpus Christi' },
    { ferDia: fixed(9, 7), ferDescricao: 'Independência do Brasil' },
    { ferDia: fixed(10, 12), ferDescricao: 'Nossa Senhora Aparecida' },
    { ferDia: fixed(11, 2), ferDescricao: 'Finados' },
    { ferDia: fixed(11, 15), ferDescricao: 'Proclamação da República' },
    { ferDia: fixed(11, 20), ferDescricao: 'Dia da Consciência Negra' },
    { ferDia: fixed(12, 8), ferDescricao: 'Dia da Justiça' },
    { ferDia: fixed(12, 25), ferDescricao: 'Natal' },
  ];
}

/** Demo rows of the registries: templates per channel, statement groups, holidays and positions. */
export async function seedRegistries(db: Db, now = new Date()) {
  const year = now.getUTCFullYear();
  // A re-seed replaces the demo registries (they reference nothing; the members' service rows that reference the
  // services go with them and are written again by seedMemberLinks).
  await db.execute(
    sql`truncate table refunds, posting_instalments, postings, customer_services, services, products, suppliers, message_templates, extrato_groups, feriados, forum_cargos, assoc_cargos restart identity`,
  );
  await db.insert(messageTemplates).values([
    {
      channel: 'sms',
      emName: 'ANIVERSARIO',
      emDescription: 'Felicitação de aniversário',
      emData: 'A Associação deseja a você um feliz aniversário, {nome}!',
    },
    {
      channel: 'sms',
      emName: 'BOLETO',
      emDescription: 'Aviso de boleto disponível',
      emData: 'Seu boleto de {mes} está disponível no portal do associado.',
    },
    {
      channel: 'sms',
      emName: 'ASSEMBLEIA',
      emDescription: 'Convocação para assembleia geral',
      emData: 'Assembleia geral em {data} às {hora}, na sede da Associação. Participe!',
    },
    {
      channel: 'whatsapp',
      emName: 'ANIVERSARIO',
      emDescription: 'Felicitação de aniversário',
      emData: 'Olá, {nome}! A Associação deseja um feliz aniversário e um ano de muitas conquistas.',
    },
    {
      channel: 'whatsapp',
      emName: 'CCH APROVADO',
      emDescription: 'Pedido de CCH aprovado',
      emData: 'Olá, {nome}. Seu pedido de CCH foi aprovado. Consulte o portal para os detalhes.',
    },
    {
      channel: 'email',
      emName: 'EXTRATO MENSAL',
      emDescription: 'Envio do extrato mensal',
      emData: 'Prezado(a) {nome}, segue em anexo o seu extrato do mês de {mes}.',
    },
    {
      channel: 'email',
      emName: 'PRIMEIRO ACESSO',
      emDescription: 'Link de primeiro acesso ao portal',
      emData: 'Prezado(a) {nome}, use o link a seguir para criar sua senha do portal: {link}',
    },
  ]);
  await db.insert(extratoGroups).values([
    { extgrpName: 'Mensalidades', extgrpSort: 10 },
    // Health and dental plans are the IRPF's code 26 ("Planos de saúde no Brasil"): health-plan IR groups.
    { extgrpName: 'Planos de saúde', extgrpSort: 20, extgrpSaude: true },
    { extgrpName: 'Planos odontológicos', extgrpSort: 30, extgrpSaude: true },
    // The CCH's payments reimburse health expenses: the informe and the health declaration show them as reimbursed.
    { extgrpName: 'Benefício CCH', extgrpSort: 35, extgrpSaude: true },
    { extgrpName: 'Seguros de vida', extgrpSort: 40 },
    { extgrpName: 'Convênios diversos', extgrpSort: 50 },
    { extgrpName: 'Fundo de Pecúlio', extgrpSort: 60 },
  ]);
  await db.insert(feriados).values([...holidays(year), ...holidays(year + 1)]);
  await db.insert(forumCargos).values(
    ['Juiz de Direito', 'Juiz Substituto', 'Juiz Diretor do Fórum', 'Juiz Auxiliar', 'Desembargador', 'Escrivão Judicial'].map((afcCargo) => ({
      afcCargo,
    })),
  );
  await db
    .insert(assocCargos)
    .values(
      ['Presidente', 'Vice-Presidente', 'Secretário-Geral', 'Diretor Financeiro', 'Diretor Social', 'Conselheiro Fiscal', 'Coordenador Regional'].map(
        (aacCargo) => ({ aacCargo }),
      ),
    );
}
