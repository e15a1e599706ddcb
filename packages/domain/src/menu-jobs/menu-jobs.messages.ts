/**
 * The texts of the menu's mass jobs of issue 30 item 1 (celular-email, seguro-vida-export-1/-2, lanchonete-export,
 * declaracaosaude-email/-export): each job's subtitle and result lines. Spec 1 §2 gives only the labels and questions
 * (packages/domain access/jobs.ts); these are ours.
 */
export const menuJobMessages = {
  /** An e-mail job's summary: how many queued now, how many already sent in an earlier run. */
  emailed: (sent: number, before: number) => `${sent} e-mail(s) enviado(s)${before ? `; ${before} já enviado(s) antes` : ''}`,
  noEmail: (name: string) => `${name}: sem e-mail cadastrado, não enviado`,
  notSent: (name: string, reason: string) => `${name}: não enviado (${reason})`,
  noMobileCalls: 'Nenhuma ligação importada',
  mobileMonth: (month: string) => `Ligações de ${month}`,
  noLockedPeriod: 'Nenhum período fechado',
  healthPeriod: (plan: number, month: string) => `Plano ${plan}, período ${month}`,
  rows: (count: number) => `${count} linha(s)`,
  noInsurer: (n: number) => `Seguradora ${n} não encontrada: cadastre os serviços de seguro de vida (plugin plgSeguroVida)`,
  insurer: (name: string, count: number) => `${name}: ${count} segurado(s)`,
} as const;

/** How a menu job ends in the bell: its subtitle (one line) and, when it has more to say, its result lines. */
export interface MenuJobOutcome {
  subtitle: string;
  result?: string;
}

/**
 * The ends of the menu jobs, one shape for all, built from the few words that vary per job (its context: the month,
 * the plan and period): a new job's end is one call.
 */
export const menuJobOutcome = {
  /** Nothing to do (no calls imported, no closed period): the reason is the subtitle and the result. */
  nothing: (reason: string): MenuJobOutcome => ({ subtitle: reason, result: reason }),
  /** A mass e-mail: "context: how many sent", then the holders not sent, one a line, under the count. */
  emailed: (context: string, sent: number, before: number, problems: readonly string[] = []): MenuJobOutcome => {
    const summary = menuJobMessages.emailed(sent, before);
    return { subtitle: `${context}: ${summary}`, result: [summary, ...problems].join('\n') };
  },
  /** An export: its rows, after its context when it has one; the file is the job's attachment. */
  exported: (rows: number, context?: string): MenuJobOutcome => ({
    subtitle: context ? `${context}: ${menuJobMessages.rows(rows)}` : menuJobMessages.rows(rows),
  }),
} as const;

/** A column of an exported sheet: its header as the receiver asks for it. */
export interface ExportColumn {
  header: string;
  key: string;
  width: number;
}

/**
 * The life-insurance files (`seguro-vida-export-1`, `-2`): one row per insured (plgSeguroVida service row active
 * today) of the insurer, in the layout each insurer receives. Insurer 1 is the first supplier (by id) of a product with
 * plgSeguroVida services, insurer 2 the second (docs/JOBS.md "Arquivos das seguradoras").
 */
export const lifeInsuranceLayouts: Record<1 | 2, { sheet: string; columns: readonly ExportColumn[] }> = {
  1: {
    sheet: 'Segurados',
    columns: [
      { header: 'APOLICE_PROPOSTA', key: 'proposta', width: 18 },
      { header: 'CPF', key: 'cpf', width: 14 },
      { header: 'NOME_SEGURADO', key: 'nome', width: 44 },
      { header: 'DATA_NASCIMENTO', key: 'nascimento', width: 16 },
      { header: 'SEXO', key: 'sexo', width: 6 },
      { header: 'CAPITAL_MORTE', key: 'capital', width: 16 },
      { header: 'PREMIO_MENSAL', key: 'premio', width: 16 },
      { header: 'INICIO_VIGENCIA', key: 'inicio', width: 16 },
      { header: 'FIM_VIGENCIA', key: 'validade', width: 16 },
    ],
  },
  2: {
    sheet: 'Movimento',
    columns: [
      { header: 'Matrícula', key: 'matricula', width: 12 },
      { header: 'Nome do segurado', key: 'nome', width: 44 },
      { header: 'CPF', key: 'cpf', width: 16 },
      { header: 'Nascimento', key: 'nascimento', width: 12 },
      { header: 'Titular', key: 'titular', width: 44 },
      { header: 'Nº da proposta', key: 'proposta', width: 18 },
      { header: 'Plano', key: 'plano', width: 34 },
      { header: 'Capital segurado (R$)', key: 'capital', width: 20 },
      { header: 'Prêmio (R$)', key: 'premio', width: 14 },
      { header: 'Validade', key: 'validade', width: 12 },
      { header: 'Observação', key: 'observacao', width: 40 },
    ],
  },
};

/**
 * The snack-bar file (`lanchonete-export`, v2menufinexp): the people who may charge at the bar to their statement
 * (living holders not Falecido, and their living dependents), with what the bar's monthly file (Lançamentos, lancbar)
 * identifies them by: CPF or mobile number.
 */
export const snackBarColumns: readonly ExportColumn[] = [
  { header: 'Matrícula', key: 'matricula', width: 12 },
  { header: 'Nome', key: 'nome', width: 44 },
  { header: 'CPF', key: 'cpf', width: 16 },
  { header: 'Celular', key: 'celular', width: 16 },
  { header: 'Tipo', key: 'tipo', width: 12 },
  { header: 'Titular', key: 'titular', width: 44 },
];

/** The health declaration export (`declaracaosaude-export`, ^21/^22): one row per beneficiary of the plan in the period. */
export const healthExportColumns: readonly ExportColumn[] = [
  { header: 'Matrícula', key: 'matricula', width: 12 },
  { header: 'Titular', key: 'titular', width: 44 },
  { header: 'CPF do titular', key: 'cpfTitular', width: 16 },
  { header: 'Beneficiário', key: 'nome', width: 44 },
  { header: 'CPF', key: 'cpf', width: 16 },
  { header: 'Parentesco', key: 'parentesco', width: 14 },
  { header: 'Nascimento', key: 'nascimento', width: 12 },
  { header: 'Plano', key: 'plano', width: 30 },
  { header: 'Pago (R$)', key: 'pago', width: 14 },
  { header: 'Reembolsado (R$)', key: 'reembolsado', width: 16 },
];

/** The mobile statement e-mail's sheet (`celular-email`): one row per call of the month. */
export const mobileCallsColumns: readonly ExportColumn[] = [
  { header: 'Data', key: 'data', width: 18 },
  { header: 'Número', key: 'numero', width: 14 },
  { header: 'Responsável', key: 'responsavel', width: 36 },
  { header: 'Tipo', key: 'tipo', width: 16 },
  { header: 'Destino', key: 'destino', width: 16 },
  { header: 'Quantidade', key: 'qtde', width: 12 },
  { header: 'Valor (R$)', key: 'valor', width: 12 },
];
