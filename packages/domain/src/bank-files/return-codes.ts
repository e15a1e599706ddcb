/**
 * Return codes of the bank files, one table per layout and bank → { status, pt-BR description }.
 * Sources: /work/shared/domain/BANKING-AND-HEALTH.md §1.5 record F (CNAB 150 F07, v04 + v05's 19 and 20) and
 * §3.6 (CNAB 240 movement codes, BB's and Santander's own, and Santander's reason codes of T 209–218).
 * An unknown code answers status 'other' with the code kept in the description.
 */

/**
 * What a return says about a charge. 'paid': money came in; 'rejected': the bank refused the debit or the title;
 * 'written-off': the title or debit was withdrawn (baixa, cancellation done) and will not be paid through it;
 * 'confirmed': accepted, payment still to come; 'other': informative or unknown.
 */
export type ReturnStatus = 'paid' | 'rejected' | 'written-off' | 'confirmed' | 'other';

export interface ReturnCodeInfo {
  code: string;
  status: ReturnStatus;
  description: string;
}

type CodeTable = Readonly<Record<string, readonly [ReturnStatus, string]>>;

/** CNAB 150 Débito Automático, record F, field F07 (v04; 19 and 20 from v05). */
export const debitReturnCodes: CodeTable = {
  '00': ['paid', 'Débito efetuado'],
  '01': ['rejected', 'Débito não efetuado - insuficiência de fundos'],
  '02': ['rejected', 'Débito não efetuado - conta corrente não cadastrada'],
  '04': ['rejected', 'Débito não efetuado - outras restrições'],
  '05': ['rejected', 'Débito não efetuado - valor do débito excede valor limite aprovado'],
  '10': ['rejected', 'Débito não efetuado - agência em regime de encerramento'],
  '12': ['rejected', 'Débito não efetuado - valor inválido'],
  '13': ['rejected', 'Débito não efetuado - data de lançamento inválida'],
  '14': ['rejected', 'Débito não efetuado - agência inválida'],
  '15': ['rejected', 'Débito não efetuado - conta corrente inválida'],
  '18': ['rejected', 'Débito não efetuado - data do débito anterior à do processamento'],
  '19': ['rejected', 'Débito não efetuado - agência/conta não pertence ao CPF/CNPJ informado'],
  '20': ['rejected', 'Débito não efetuado - conta conjunta não solidária'],
  '30': ['rejected', 'Débito não efetuado - sem contrato de débito automático'],
  '31': ['paid', 'Débito efetuado em data diferente da data informada - feriado na praça de débito'],
  '96': ['confirmed', 'Manutenção do cadastro'],
  '97': ['other', 'Cancelamento - não encontrado'],
  '98': ['other', 'Cancelamento - não efetuado, fora do tempo hábil'],
  '99': ['written-off', 'Cancelamento - cancelado conforme solicitação'],
};

/** CNAB 240 return movement codes (T/U 016–017) on which BB and Santander agree (§3.6). */
const boletoCommonCodes: CodeTable = {
  '02': ['confirmed', 'Entrada confirmada'],
  '03': ['rejected', 'Entrada rejeitada'],
  '04': ['other', 'Transferência de carteira/entrada'],
  '05': ['other', 'Transferência de carteira/baixa'],
  '06': ['paid', 'Liquidação'],
  '09': ['written-off', 'Baixa'],
  '11': ['other', 'Títulos em carteira (em ser)'],
  '12': ['other', 'Confirmação de recebimento de instrução de abatimento'],
  '13': ['other', 'Confirmação de recebimento de instrução de cancelamento de abatimento'],
  '14': ['other', 'Confirmação de recebimento de instrução de alteração de vencimento'],
  '17': ['paid', 'Liquidação após baixa ou liquidação de título não registrado'],
  '19': ['other', 'Confirmação de recebimento de instrução de protesto'],
  '20': ['other', 'Confirmação de recebimento de instrução de sustação/cancelamento de protesto'],
  '23': ['other', 'Remessa a cartório (aponte em cartório)'],
  '24': ['other', 'Retirada de cartório e manutenção em carteira'],
  '25': ['written-off', 'Protestado e baixado (baixa por ter sido protestado)'],
  '26': ['rejected', 'Instrução rejeitada'],
  '27': ['other', 'Confirmação do pedido de alteração de outros dados'],
  '28': ['other', 'Débito de tarifas/custas'],
  '29': ['other', 'Ocorrências do pagador'],
  '30': ['rejected', 'Alteração de dados rejeitada'],
};

/** Banco do Brasil's own return movement codes (OCA-BB240, §3.6). */
export const bbBoletoReturnCodes: CodeTable = {
  ...boletoCommonCodes,
  '15': ['paid', 'Franco de pagamento'],
  '16': ['other', 'Instrução de juros/multa'],
  '44': ['rejected', 'Título pago com cheque devolvido'],
  '50': ['other', 'Título pago com cheque pendente de compensação'],
  '85': ['other', 'Confirmação de negativação'],
  '86': ['other', 'Confirmação de exclusão de negativação'],
  '93': ['written-off', 'Baixa operacional'],
};

/** Santander's own return movement codes (SAN-240 Nota 40, §3.6); note 'A4' is not numeric. */
export const santanderBoletoReturnCodes: CodeTable = {
  ...boletoCommonCodes,
  '32': ['other', 'Baixa por ter sido protestado'],
  '51': ['other', 'Título DDA reconhecido pelo pagador'],
  '52': ['other', 'Título DDA não reconhecido pelo pagador'],
  '53': ['other', 'Título DDA recusado pela CIP'],
  A4: ['other', 'Pagador DDA'],
};

/** Reason codes of T 214–223 (BB) / 209–218 (Santander) for rejections (movements 03, 26, 30): a subset of Nota 40-A. */
export const boletoRejectionReasons: Readonly<Record<string, string>> = {
  '08': 'Nosso número inválido',
  '09': 'Nosso número duplicado',
  '16': 'Data de vencimento inválida',
  '20': 'Valor do título inválido',
  '46': 'Tipo/número de inscrição do pagador inválidos',
  '48': 'CEP inválido',
  '63': 'Entrada para título já cadastrado',
};

/** Reason codes for liquidation (06, 17) and write-off (09) movements (Santander Nota 40-C). */
export const boletoSettlementReasons: Readonly<Record<string, string>> = {
  '01': 'Por saldo',
  '02': 'Por conta',
  '03': 'No próprio banco',
  '04': 'Compensação eletrônica',
  '05': 'Compensação convencional',
  '06': 'Por meio magnético',
  '07': 'Após feriado local',
  '08': 'Em cartório',
  '09': 'Baixa comandada pelo banco',
  '10': 'Baixa comandada pelo cliente por arquivo',
  '11': 'Baixa comandada pelo cliente on-line',
  '12': 'Baixa por decurso de prazo - cliente',
  '13': 'Baixa por decurso de prazo - banco',
};

/** The payroll return's status codes (channel 10, our own layout: docs/BANK-FILES.md). */
export const payrollReturnCodes: CodeTable = {
  '00': ['paid', 'Descontado em folha'],
  '01': ['paid', 'Descontado parcialmente em folha'],
  '02': ['rejected', 'Não descontado - margem consignável insuficiente'],
  '03': ['rejected', 'Não descontado - matrícula não encontrada'],
  '04': ['rejected', 'Não descontado - servidor afastado ou desligado'],
  '05': ['rejected', 'Não descontado - outros motivos'],
};

/** The status and description of a code in a table; an unknown code is 'other', its code kept. */
export function lookupReturnCode(table: CodeTable, code: string): ReturnCodeInfo {
  const known = table[code];
  return known
    ? { code, status: known[0], description: known[1] }
    : { code, status: 'other', description: `Código de retorno desconhecido: ${code}` };
}
