/** Marketing's pt-BR texts (issue 29 item 2; ours where the spec shows none). */
export const marketingMessages = {
  templateRequired: 'Escolha o modelo do canal',
  templateNotFound: 'Modelo não encontrado no cadastro deste canal',
  campaignNotFound: 'Campanha não encontrada',
  noRecipients: 'Nenhum associado do filtro pode receber esta campanha',
  started: 'A campanha foi iniciada em segundo plano: acompanhe o progresso nas tarefas.',
  jobNotFound: 'Campanha não encontrada',
} as const;

/** The channels' names on the screen. */
export const campaignChannelLabels = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  preferido: 'Preferência de cada associado',
} as const;

/** Why a member of the filter is not reached (the preview's counts and the recipients' outcome). */
export const campaignSkipLabels = {
  sem_email: 'Sem e-mail',
  sem_celular: 'Sem celular',
  recusa: 'Recusa campanhas',
  correio: 'Prefere correio',
} as const;

export const campaignStatusLabels = {
  enviando: 'Enviando',
  concluida: 'Concluída',
  falhou: 'Falhou',
} as const;

/** A recipient's outcome on the detail: skipped, or its outbox row's state. */
export const campaignDeliveryLabels = {
  pending: 'Na fila',
  sending: 'Enviando',
  sent: 'Enviada',
  failed: 'Falhou',
} as const;
