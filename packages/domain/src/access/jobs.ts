import type { Role } from './roles.js';

/** A background-job command started from the menu (spec 1 §2 job links); the engine lives in the jobs module. */
export interface JobCommand {
  command: string;
  label: string;
  question: string;
  role: Role;
  /** Health plan selected by the ^21 / ^22 suffix of the spec's job target. */
  plan?: 21 | 22;
  allowDuplicates?: boolean;
  /**
   * Not built yet: the issue area that will build it (e.g. 'closing'). It answers 501 until then; the server refuses
   * to start if a pending command has a handler or a command that is not pending has none (issue 23 §1).
   */
  pending?: string;
  /**
   * Started only by its screen's own call (the closing's `POST financeiro/fechamento`, the postings' `POST lancamentos`),
   * which checks what the screen asks for first: not in the menu, and `GET jobs/send` refuses it.
   */
  screen?: true;
  /**
   * A button of its screen (the Efetuado reports): started by `GET jobs/send` with the screen's userData, but not a menu
   * link (the menu's job links send no userData). Unlike `screen`, jobs/send accepts it.
   */
  screenButton?: true;
}

export const jobCommands: readonly JobCommand[] = [
  {
    command: 'declaracaosaude-email',
    plan: 21,
    label: 'Declaração de saúde por e-mail (plano 21)',
    question: 'Deseja enviar por e-mail a declaração de saúde do plano 21?',
    role: 'v2atd',
  },
  {
    command: 'declaracaosaude-email',
    plan: 22,
    label: 'Declaração de saúde por e-mail (plano 22)',
    question: 'Deseja enviar por e-mail a declaração de saúde do plano 22?',
    role: 'v2atd',
  },
  {
    command: 'declaracaosaude-export',
    plan: 21,
    label: 'Exportar declaração de saúde (plano 21)',
    question: 'Deseja exportar a declaração de saúde do plano 21?',
    role: 'v2atd',
  },
  {
    command: 'declaracaosaude-export',
    plan: 22,
    label: 'Exportar declaração de saúde (plano 22)',
    question: 'Deseja exportar a declaração de saúde do plano 22?',
    role: 'v2atd',
  },
  {
    command: 'contagem-excel',
    label: 'Contagem ativos/aposentados/pensionistas (Excel)',
    question: 'Deseja gerar a planilha de contagem de ativos, aposentados e pensionistas?',
    role: 'v2atd',
  },
  {
    command: 'extrato-email',
    label: 'Enviar extrato mensal por e-mail',
    question: 'Deseja enviar o extrato mensal por e-mail a todos os associados?',
    role: 'v2atd',
  },
  {
    command: 'extrato-impressora',
    label: 'Arquivo de extratos para gráfica',
    question: 'Deseja gerar o arquivo de extratos para impressão?',
    role: 'v2atd',
  },
  {
    command: 'ir-email',
    label: 'Enviar I.R. anual por e-mail',
    question: 'Deseja enviar o informe de I.R. por e-mail a todos os associados?',
    role: 'v2atd',
  },
  {
    command: 'ir-impressora',
    label: 'Arquivo de I.R. para gráfica',
    question: 'Deseja gerar o arquivo de I.R. para impressão?',
    role: 'v2atd',
  },
  {
    command: 'fechamento',
    label: 'Fechamento mensal',
    question: 'Deseja fechar o período em aberto?',
    role: 'v2menufinanceiro',
    screen: true,
  },
  // The Efetuado screen's buttons (issue 24 item 4; /financeiro/efetuado): userData formats in packages/domain/src/efetuado.
  {
    command: 'efetuado',
    label: 'EFETUADO',
    question: 'Deseja gerar o relatório EFETUADO do período?',
    role: 'v2menufinanceiro',
    screenButton: true,
  },
  {
    command: 'efetuado-saude',
    label: 'EFETUADO SAÚDE',
    question: 'Deseja gerar o relatório EFETUADO SAÚDE do período?',
    role: 'v2menufinanceiro',
    screenButton: true,
  },
  {
    command: 'efetuado-saude-excel',
    label: 'EFETUADO SAÚDE EXCEL',
    question: 'Deseja gerar a planilha EFETUADO SAÚDE do período?',
    role: 'v2menufinanceiro',
    screenButton: true,
  },
  {
    command: 'efetuado-servico',
    label: 'EFETUADO SERVIÇO',
    question: 'Deseja gerar o relatório EFETUADO SERVIÇO do serviço no período?',
    role: 'v2menufinanceiro',
    screenButton: true,
  },
  {
    command: 'efetuado-tjsp',
    label: 'EFETUADO TJSP',
    question: 'Deseja gerar o relatório da folha do TJSP no intervalo?',
    role: 'v2menufinanceiro',
    screenButton: true,
  },
  {
    command: 'efetuado-saude-detalhado',
    label: 'EFETUADO SAÚDE DETALHADO',
    question: 'Deseja gerar o relatório de saúde efetuado detalhado no intervalo?',
    role: 'v2menufinanceiro',
    screenButton: true,
  },
  {
    command: 'lancamentos',
    label: 'Lançamentos',
    question: 'Deseja efetuar o lançamento?',
    role: 'v2menulancamentos',
    // Several batches may wait; they run one at a time (the open period's lock).
    allowDuplicates: true,
    screen: true,
  },
  {
    command: 'filtro-exportar',
    label: 'Exportação do filtro',
    question: 'Deseja exportar o resultado do filtro?',
    role: 'v2menufiltro',
    // Started by the filter's export (POST filter/exportar) above 5,000 rows; several may run.
    allowDuplicates: true,
    screen: true,
  },
  {
    command: 'marketing-enviar',
    label: 'Envio de campanha',
    question: 'Deseja enviar a campanha?',
    role: 'v2menufiltro',
    // Started by POST marketing/campanhas (issue 29 item 2); one job per campaign, several campaigns may run.
    allowDuplicates: true,
    screen: true,
  },
  { command: 'ir-gerar', label: 'Gerar I.R. do ano base', question: 'Deseja gerar o I.R. do ano base?', role: 'v2atd' },
  {
    command: 'remessa-gerar',
    label: 'Gerar remessa de cobrança',
    question: 'Deseja gerar a remessa de cobrança?',
    role: 'v2menufinanceiro',
  },
  {
    command: 'banco-importar',
    label: 'Importação de retorno bancário',
    question: 'Deseja importar o arquivo de retorno?',
    role: 'v2menufinanceiro',
    // Started by Importar banco's own call (POST financeiro/importarbanco), which checks the file first.
    screen: true,
  },
  {
    command: 'folha-importar',
    label: 'Importação do retorno da folha',
    question: 'Deseja importar o retorno da folha?',
    role: 'v2menufinimp',
    // Importar arquivo's payroll return (POST financeiro/importar): the bank import's job, for the file-import role.
    screen: true,
  },
  {
    command: 'celular-importar',
    label: 'Importação da fatura do celular',
    question: 'Deseja importar a fatura do celular?',
    role: 'v2menufinimp',
    // Started by Importar arquivo's own call (POST financeiro/importar), which reads the whole file first.
    screen: true,
  },
  {
    command: 'boletos-email',
    label: 'Enviar boletos gerados por e-mail',
    question: 'Deseja enviar por e-mail os boletos gerados?',
    role: 'v2menufinanceiro',
  },
  {
    command: 'celular-email',
    label: 'Extrato detalhado de celular por e-mail',
    question: 'Deseja enviar o extrato detalhado de celular por e-mail?',
    role: 'v2menufincel',
  },
  {
    command: 'seguro-vida-export-1',
    label: 'Exportar seguro de vida (seguradora 1)',
    question: 'Deseja exportar o arquivo de seguro de vida da seguradora 1?',
    role: 'v2atd',
  },
  {
    command: 'seguro-vida-export-2',
    label: 'Exportar seguro de vida (seguradora 2)',
    question: 'Deseja exportar o arquivo de seguro de vida da seguradora 2?',
    role: 'v2atd',
  },
  {
    command: 'lanchonete-export',
    label: 'Exportar lanchonete',
    question: 'Deseja gerar a exportação da lanchonete?',
    role: 'v2menufinexp',
  },
];

/** The spec's target text of a job link: `job:{address} question`, optionally followed by ^21 or ^22. */
export function jobTarget(job: JobCommand): string {
  return `job:${job.command} ${job.question}${job.plan ? `^${job.plan}` : ''}`;
}
