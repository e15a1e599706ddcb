/** The closing's (Fechamento) pt-BR texts: the spec's confirmation word, then ours (the spec names the screen without texts). */
export const closingMessages = {
  // spec 2 §4 "Finance screens", §9
  confirmWord: 'FECHAR',
  // ours
  confirmRequired: 'Digite FECHAR para confirmar o fechamento.',
  alreadyRunning: 'Já existe um fechamento em andamento.',
  started: 'Fechamento iniciado, consulte o andamento no sino de notificações',
  jobLabel: 'Fechamento mensal',
  phaseEntries: 'Lançando os serviços do mês',
  phaseCharges: 'Gerando as cobranças',
  unbalanced: (difference: string) =>
    `Fechamento não conferiu: a soma das cobranças difere da soma dos saldos devedores em ${difference}. O período não foi fechado.`,
  done: (period: string, holders: number, charges: number) =>
    `Período ${period} fechado: ${holders} titulares lançados, ${charges} cobranças geradas.`,
  abandoned: 'Fechamento interrompido: a tarefa não terminou.',
} as const;
