/** The charges' pt-BR texts (spec 1 §5 "New charge", §8 boleto e-mail), spelled as the spec shows them; the rest is ours. */
export const chargeMessages = {
  // §5 New charge
  dateBeforeToday: 'Data não pode anterior ao dia de hoje',
  // §8
  boletoSent: 'E-mail enviado com sucesso!',
  boletoEmailFailed: 'Erro para enviar e-mail',
  boletoConfirmTitle: 'Tem certeza?',
  boletoConfirmText: 'Enviar boleto bancário por e-mail?',
  // Ours (the spec is silent)
  noDebt: 'Não existe débito para cobrar',
  openCharge: 'Existe cobrança sem retorno: aguarde o retorno antes de criar outra',
  aboveDebt: 'Valor maior que o débito em aberto',
  oneAtATime: 'Adicione uma cobrança por vez',
  readOnly: 'Cobrança já emitida não pode ser alterada nem apagada',
  noDebitPlace: 'Associado sem local de débito cadastrado',
  boletoOnlyOpen: 'Boleto disponível apenas para cobrança por boleto bancário sem retorno',
  boletoNoEmail: 'Associado sem e-mail cadastrado',
  boletoSubject: 'Boleto bancário',
  invalidChargeId: 'Cobrança inválida',
  chargeNotFound: 'Cobrança não encontrada',
  created: 'Cobrança adicionada: salve o associado para emiti-la',
  returnAlreadyRecorded: 'Retorno bancário já registrado para esta cobrança',
  unknownReturnCode: 'Código de retorno bancário desconhecido',
  paymentByDebit: 'Pagamento recebido — débito em conta',
  paymentByBoleto: 'Pagamento recebido — boleto',
} as const;
