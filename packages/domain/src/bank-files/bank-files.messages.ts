/** The bank files' pt-BR texts (errors and problems the import will list); the spec is silent, so they are ours. */
export const bankFileMessages = {
  line: (line: number) => `Linha ${line}`,
  field: (field: string) => `campo ${field}`,
  tooLong: (length: number) => `mais de ${length} caracteres`,
  notDigits: 'não numérico',
  notCents: 'valor em centavos inválido (inteiro, não negativo)',
  badDate: 'data inválida',
  missing: 'obrigatório',
  wrongLength: (actual: number, width: number) => `tamanho ${actual}, esperado ${width}`,
  unknownRecord: (kind: string) => `tipo de registro desconhecido: "${kind}"`,
  noHeader: 'arquivo sem registro header',
  noTrailer: 'arquivo sem registro trailer',
  misplaced: 'registro fora de lugar',
  empty: 'arquivo vazio',
  trailerCount: (declared: number, actual: number) => `quantidade de registros no trailer ${declared}, no arquivo ${actual}`,
  trailerSum: (declared: number, actual: number) => `soma dos valores no trailer ${declared}, no arquivo ${actual} (centavos)`,
  notAReturn: 'o arquivo não é um retorno (código de remessa/retorno)',
  wrongBank: (code: string) => `banco ${code} não tratado por este leitor`,
  bankCodeRequired: 'código do banco obrigatório para este convênio',
  versionNotAllowed: (version: string) => `versão de layout ${version} não aceita por este banco`,
  nossoNumeroDigit: 'dígito do nosso número não confere',
  nossoNumeroAgreement: 'nosso número não começa pelo convênio',
  pairMissing: 'segmento T sem o segmento U que o segue',
  recordNotInRemittance: (id: string) => `cobrança ${id} não está na remessa`,
};

/** Importar banco's texts (issue 25 item 3; the spec shows the screen, not its messages: ours). */
export const bankImportMessages = {
  fileRequired: 'Selecione o arquivo de retorno',
  fileEmpty: 'O arquivo está vazio',
  notText: 'O arquivo não é um arquivo de retorno em texto (CNAB ou folha)',
  started: 'Importação iniciada, consulte o andamento no sino de notificações',
  alreadyImported: (date: string) => `Este arquivo já foi importado em ${date}`,
  running: 'Já existe uma importação em andamento. Aguarde a conclusão.',
  abandoned: 'Importação interrompida: a tarefa não terminou.',
  wrongBank: (expected: string, found: string) => `O arquivo é do banco ${found}, não do banco ${expected} escolhido`,
  unbalanced: 'Arquivo recusado: o trailer não confere com os registros',
  notAReturn: 'Arquivo recusado: não é um arquivo de retorno',
  unmatched: (chargeId: string) => `Registro sem cobrança correspondente nas remessas deste banco: ${chargeId}`,
  alreadySettled: (cobId: number) => `Cobrança ${cobId} já tem retorno: nada alterado`,
  valueDiffers: (cobId: number, sent: string, paid: string) => `Cobrança ${cobId}: enviado ${sent}, pago ${paid}`,
  done: (records: number, paid: number, rejected: number) => `${records} registro(s): ${paid} pago(s), ${rejected} rejeitado(s)`,
} as const;

/** Importar arquivo's texts (issue 25 item 5; the spec shows the screen, not its messages: ours). */
export const fileImportMessages = {
  fileType: 'Tipo de arquivo não aceito: envie XLSX, CSV ou texto',
  tooManyLines: (max: number) => `O arquivo tem mais de ${max} linhas`,
  empty: 'O arquivo não tem registros',
  line: (line: number, reason: string) => `Linha ${line}: ${reason}`,
  columns: 'faltam colunas (linha, data, hora, destino, tipo, quantidade, valor)',
  phone: 'número da linha inválido (10 ou 11 dígitos)',
  date: 'data inválida (DD/MM/AAAA)',
  time: 'hora inválida (HH:MM)',
  quantity: 'quantidade inválida',
  value: 'valor inválido',
  destination: 'destino ou tipo vazio ou longo demais',
  monthImported: (month: string, date: string) => `A fatura de ${month} já foi importada em ${date}`,
  unmatched: (phone: string) => `Linha ${phone} não pertence a nenhum associado com plano de celular`,
  done: (calls: number, holders: number, unmatched: number) =>
    `${calls} registro(s) de ligação de ${holders} titular(es); ${unmatched} sem associado`,
  posting: (month: string, phone: string) => `Fatura do celular ${month} - linha ${phone}`,
} as const;

/** Gerar remessa's texts: the job's result lines and the remittance calls' refusals (ours). */
export const remittanceMessages = {
  notFound: 'Remessa não encontrada',
  fileMissing: 'Arquivo da remessa não encontrado',
  nothing: 'Nenhuma cobrança a enviar',
  file: (bank: string, records: number, total: string) => `${bank}: ${records} cobrança(s), ${total}`,
  skipped: (cobId: number, why: string) => `cobrança ${cobId} não enviada: ${why}`,
  noAccount: 'sem agência/conta de débito',
  noRegistration: 'titular sem número interno (matrícula) ou CPF',
  otherBoletoBank: 'boleto emitido por outro banco',
  noPayerAddress: 'pagador sem CPF ou endereço com CEP, cidade e UF',
} as const;

/** Enviar boletos gerados por e-mail's result lines (ours). */
export const boletosEmailMessages = {
  none: 'Nenhum boleto a enviar',
  sent: (n: number) => `${n} boleto(s) enviado(s) por e-mail`,
  notSent: (cobId: number, name: string, why: string) => `cobrança ${cobId} (${name}) não enviada: ${why}`,
} as const;
