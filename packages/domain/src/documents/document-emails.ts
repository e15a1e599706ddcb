import { chargeMessages } from '../billing/charges.messages.js';
import { healthDeclarationMessages } from '../income-tax/health-declaration.contract.js';
import { incomeTaxMessages } from '../income-tax/income-tax.contract.js';
import { ledgerMessages } from '../ledger/ledger.messages.js';
import { memberMessages } from '../members/member.messages.js';

/** What every document e-mail's body is filled with: the recipient, the attachment's name and the association. */
export interface DocumentEmailBase {
  nome: string;
  arquivo: string;
  associacao: string;
}

interface DocumentEmailTemplate<Values> {
  subject(values: Values): string;
  body(values: Values & DocumentEmailBase): string;
}

const template = <Values = Record<never, never>>(t: DocumentEmailTemplate<Values>) => t;
const letter = (v: DocumentEmailBase, ...lines: string[]) => `Prezado(a) ${v.nome},\n\n${lines.join('\n')}\n\n${v.associacao}`;

/**
 * The e-mails that carry a document (issue 23 item 7), by template: subject and body in pt-BR, filled by the server's
 * `documents.emailTo` (no body is written in the server). The CCH letters, campaigns and boleto batches add theirs here.
 */
export const documentEmailTemplates = {
  vinculo: template({
    subject: () => memberMessages.bondSubject,
    body: (v) => letter(v, `Segue a sua declaração de vínculo associativo (arquivo ${v.arquivo}).`),
  }),
  extrato: template<{ mes: string }>({
    subject: (v) => `${ledgerMessages.emailSubject} ${v.mes}`,
    body: (v) => letter(v, `Segue o seu extrato do período ${v.mes} (arquivo ${v.arquivo}).`),
  }),
  boleto: template<{ nossoNumero: string; linhaDigitavel: string }>({
    subject: (v) => `${chargeMessages.boletoSubject} ${v.nossoNumero}`,
    body: (v) => letter(v, `Segue o seu boleto bancário (arquivo ${v.arquivo}).`, `Linha digitável: ${v.linhaDigitavel}`),
  }),
  declaracaoSaude: template<{ mes: string }>({
    subject: (v) => `${healthDeclarationMessages.emailSubject} ${v.mes}`,
    body: (v) => letter(v, `Segue a sua declaração de saúde (arquivo ${v.arquivo}).`),
  }),
  // The detailed mobile statement (issue 30 item 1, job celular-email): the month's calls as a spreadsheet.
  extratoCelular: template<{ mes: string }>({
    subject: (v) => `Extrato detalhado do celular ${v.mes}`,
    body: (v) => letter(v, `Segue o extrato detalhado das ligações do seu plano de celular de ${v.mes} (arquivo ${v.arquivo}).`),
  }),
  informeRendimentos: template<{ ano: number }>({
    subject: (v) => `${incomeTaxMessages.emailSubject} ${v.ano}`,
    body: (v) => letter(v, `Segue o seu informe de rendimentos do ano-base ${v.ano} (arquivo ${v.arquivo}).`),
  }),
};

export type DocumentEmailKey = keyof typeof documentEmailTemplates;
/** The values a template needs besides the base ones. */
export type DocumentEmailValues<K extends DocumentEmailKey> = Parameters<(typeof documentEmailTemplates)[K]['subject']>[0];
