/** pt-BR texts shared by the API and the web, spelled exactly as the spec shows them. */
export const genericMessages = {
  required: 'Campo obrigatório',
  exactLength: (n: number) => `Tamanho de ${n} caracteres`,
  minLength: (n: number) => `Tamanho mínimo de ${n} caracteres`,
  // Spelling as in the spec.
  maxLength: (n: number) => `Tamanho máxumo de ${n} caracteres`,
  email: 'E-mail inválido',
  numericMin: 'Valor mínimo inválido',
  numericMax: 'Valor máximo inválido',
  belowMinimum: 'Valor inferior ao permitido',
  pattern: 'Campo não segue padrão determinado',
  equalTo: 'Campo não confere',
  oneOf: 'Valor não válido',
  url: 'URL não é válido',
  digitsOnly: 'Apenas caracteres numéricos',
  cpf: 'CPF Inválido',
  cnpj: 'CNPJ Inválido',
  cpfCnpj: 'CPF/CNPJ Inválido',
  card: 'Cartão de crédito inválido',
  fieldMatch: 'Campo não é válido',
  inconsistentFields: 'Existem campos inconsistentes',
  processing: 'Processando solicitação...',
  operationFailed: 'Ocorreu um erro para executar a operação solicitada',
  requestFailed: 'Não foi possível executar a solicitação com sucesso',
  underConstruction: 'Em construção',
  /** Decision 5: a save over a record someone else changed since it was loaded (409). */
  staleRecord: 'Registro alterado por outro usuário. Recarregue para continuar.',
  forbidden: 'Você não tem permissão para executar esta operação',
  notFound: 'Registro não encontrado',
  routeNotFound: 'Recurso não encontrado',
  invalidData: 'Dados inválidos',
  invalidRequest: 'Requisição inválida',
  unsupportedMediaType: 'Tipo de conteúdo não suportado',
  payloadTooLarge: 'Arquivo ou requisição grande demais',
  invalidXsrf: 'Token de segurança (XSRF) inválido. Recarregue a página e tente novamente.',
  realtimeOriginRefused: 'Origem não permitida para o canal em tempo real',
  jobsUnavailable: 'Serviço de tarefas indisponível',
  /** Ours (issue 22 item 3): why a green save button is disabled. */
  noChangesToSave: 'Nenhuma alteração para salvar',
} as const;

/** Dates the calendar or the record refuses (issue 22 item 20). */
export const dateMessages = {
  /** Ours (the text): typed text that is not a real date, such as 31/02/1990. */
  invalid: 'Data inválida',
  /** The spec's text (spec 1 §5 CCH add, spec 2 procedure date), also for a birth, admission or death after today. */
  afterToday: 'Data não pode ser posterior ao dia de hoje',
  /** Ours: a death date before the birth date. */
  deathBeforeBirth: 'Data de falecimento anterior à data de nascimento',
} as const;

/** Refusals of bad text and of writes the database itself refused (issue 8, finding 12). */
export const dataMessages = {
  invalidText: 'Texto contém caracteres inválidos',
  relatedNotFound: 'Registro relacionado não encontrado',
  relatedInUse: 'Registro em uso por outros cadastros: não pode ser excluído',
  duplicate: 'Já existe um registro com estes dados',
  checkFailed: 'Valor não permitido para este campo',
  notNull: 'Campo obrigatório não informado',
  invalidValue: 'Valor inválido para este campo',
  outOfRange: 'Valor numérico fora do limite permitido',
  tooLong: 'Texto maior que o tamanho permitido',
  tooLarge: 'Valor grande demais para ser gravado',
  concurrent: 'Conflito com outra operação simultânea. Tente novamente.',
  databaseUnavailable: 'Banco de dados indisponível no momento. Tente novamente em instantes.',
  protectedContent: '(conteúdo protegido)',
  resetLinkPlaceholder: '[link de redefinição]',
} as const;

export const sessionMessages = {
  sessionLost: 'Sessão expirada, faça um novo login para continuar',
  serverDown: 'Servidor não está respondendo, por favor contate o administrador',
  passwordRequested: 'Sua solicitação foi enviada no e-mail cadastrado, por favor siga as instruções',
  toolsCodeFailure: 'Não autorizado para utilizar esta função',
  /** Issue 8 §3: the first-start superadmin's one-time password. */
  mustChangePassword: 'Troque a senha provisória para continuar.',
  noPendingPasswordChange: 'Sua senha não precisa ser trocada.',
} as const;

/** Sign-in refusals: ours (the spec shows the server's message as is). */
export const loginMessages = {
  invalidCredentials: 'CPF ou senha inválidos',
  invalidCode: 'Código de acesso inválido',
  inactiveUser: 'Usuário inativo. Procure a associação.',
  externalNotAllowed: 'Acesso externo não autorizado para este usuário',
  externalCodeNotConfigured:
    'Acesso externo exige código de acesso: configure o autenticador em Ferramentas → Acesso externo dentro da rede da associação',
  tooManyAttempts: (minutes: number) => `Muitas tentativas de acesso sem sucesso. Aguarde ${minutes} minutos e tente novamente.`,
} as const;

export const jobMessages = {
  done: 'Tarefa concluída com sucesso',
  failed: 'Erro para executar tarefa',
  sendFailed: 'Erro para enviar solicitação',
  sent: 'Solicitação enviada. Consulte a área de notificações para acompanhar.',
  processFailed: 'Erro para processar',
  empty: 'Nenhuma notificação encontrada',
} as const;

/** Password request (sign-in mode 1) and the reset page (spec 1 §8, spec 3 §5 and §8). */
export const resetMessages = {
  passwordRequired: 'Digite nova senha',
  confirmRequired: 'Confirme sua senha',
  mismatch: 'Senhas não conferem',
  success: 'Senha alterada com sucesso!',
  failed: 'Erro para alterar senha',
  invalidCode: 'Link de redefinição inválido para este CPF. Solicite uma nova senha.',
  usedCode: 'Este link já foi utilizado. Solicite uma nova senha.',
  expiredCode: 'Este link expirou. Solicite uma nova senha.',
  tooManyRequests: (minutes: number) => `Muitas solicitações de senha. Aguarde ${minutes} minutos e tente novamente.`,
  emailSubject: 'Redefinição de senha',
} as const;

/** Ferramentas → Acesso externo (spec 3 §2.4). */
export const toolsMessages = {
  codeActivated: 'Código de acesso ativado. Ele será pedido ao entrar fora da rede da associação.',
  noPendingSetup: 'Gere um novo código antes de confirmar',
  invalidCode: 'Código inválido. Confira o código mostrado no aplicativo e tente novamente.',
} as const;
