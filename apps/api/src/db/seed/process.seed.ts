import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { formatCnj } from '@assoc/domain';
import type { Db } from '../client.js';
import type { BlobStore } from '../../modules/files/files.store.js';
import { textPdf } from '../../modules/process/process.pdf.js';
import { PROCESS_FILE_OWNER } from '../../modules/process/process.repository.js';

/** Courts of the demo processes: name, justice segment (J) and court code (TR) of the CNJ number. */
export const DEMO_COURTS: readonly (readonly [string, number, number])[] = [
  ['TJSP', 8, 26],
  ['TJRJ', 8, 19],
  ['TJMG', 8, 13],
  ['TJRS', 8, 21],
  ['TJPR', 8, 16],
  ['TRF1', 4, 1],
  ['TRF3', 4, 3],
  ['TRT2', 5, 2],
  ['TRT15', 5, 15],
  ['STJ', 3, 0],
];
const CLASSES = [
  'Procedimento Comum Cível',
  'Mandado de Segurança Cível',
  'Ação Civil Pública',
  'Apelação Cível',
  'Agravo de Instrumento',
  'Reclamação Trabalhista',
  'Execução contra a Fazenda Pública',
  'Recurso Especial',
];
const SUBJECTS = [
  'Abono de Permanência',
  'Adicional por Tempo de Serviço',
  'Auxílio-Moradia',
  'Gratificação por Exercício Cumulativo de Jurisdição',
  'Licença-Prêmio não gozada',
  'Parcela Autônoma de Equivalência',
  'Teto Remuneratório',
  'Contribuição Previdenciária sobre Terço de Férias',
  'Indenização por Dano Moral',
  'Férias não gozadas',
  'Diferenças de URV',
  'Pensão por Morte',
];
const STATUSES = ['Em andamento', 'Em andamento', 'Em andamento', 'Suspenso', 'Sentenciado', 'Em recurso', 'Arquivado', 'Baixado'];
const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Larissa',
  'Marcelo',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sílvia',
  'Tiago',
  'Vânia',
  'Wagner',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Araújo',
  'Ribeiro',
  'Carvalho',
  'Almeida',
  'Conceição',
  'Magalhães',
];
const DEFENDANTS = [
  'União Federal',
  'Estado de São Paulo',
  'Estado do Rio de Janeiro',
  'Estado de Minas Gerais',
  'Instituto Nacional do Seguro Social',
  'Município de Campinas',
  'Fazenda Pública Estadual',
  'SPPREV',
];
const MOVEMENTS = [
  'Distribuído por sorteio à vara competente.',
  'Conclusos para despacho.',
  'Despacho: cite-se a parte ré para contestar no prazo legal.',
  'Expedida intimação eletrônica da parte autora.',
  'Juntada de petição da parte autora requerendo a produção de provas.',
  'Juntada de contestação pela parte ré.',
  'Intimado o procurador da parte ré, por meio eletrônico.',
  'Decisão interlocutória: indeferido o pedido de tutela de urgência.',
  'Despacho: manifeste-se a parte autora sobre a contestação em 15 dias.',
  'Juntada de réplica.',
  'Audiência de conciliação designada; as partes foram intimadas.',
  'Audiência realizada sem acordo entre as partes.',
  'Conclusos para sentença.',
  'Sentença: julgado procedente o pedido, com resolução do mérito.',
  'Sentença: julgado improcedente o pedido.',
  'Publicada a sentença no Diário da Justiça Eletrônico.',
  'Expedidas intimações às partes da sentença.',
  'Interposto recurso de apelação pela parte vencida.',
  'Remetidos os autos ao tribunal para julgamento do recurso.',
  'Acórdão: negado provimento ao recurso, por unanimidade.',
  'Certificado o trânsito em julgado.',
  'Expedido ofício requisitório (precatório).',
  'Juntada de procuração e documentos.',
  'Arquivados definitivamente os autos.',
];
/** Folders of the demo (the inbox exists from migration 0021): name and parent name. */
const FOLDERS: readonly (readonly [string, string | null])[] = [
  ['Em análise', null],
  ['Prazos', null],
  ['Urgentes', 'Prazos'],
  ['Recursos', null],
  ['Precatórios', null],
  ['Arquivados', null],
];

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const intArray = (values: readonly number[]) => sql.raw(`array[${values.map((v) => Math.trunc(v)).join(',')}]::int[]`);

export interface GenerateOptions {
  /** Processes to add. */
  count: number;
  /** Average movements per process (each gets 1 to 2×average−1; exactly this many with `fixedMovements`). */
  movements: number;
  fixedMovements?: boolean;
  /** First sequence number (NNNNNNN) used; later calls pass a higher one to keep numbers unique. */
  firstSequence?: number;
}

/**
 * Adds processes and their movements in two set-based statements (generate_series: no row-by-row inserts), with
 * valid CNJ numbers (check digits by mod 97 in SQL) across courts and years, spread over the folders. Shared by
 * the demo seed and the bench (100,000 processes, 1,000,000 movements). The search vectors are computed by the
 * migration's triggers (once per process for all its movements).
 */
export async function generateProcesses(db: Db, opts: GenerateOptions) {
  const first = opts.firstSequence ?? 1;
  const courts = DEMO_COURTS;
  const folders = (await db.execute<{ id: number }>(sql`select pasta_id as id from process_folders order by inbox desc, pasta_id`)).rows.map(
    (r) => r.id,
  );
  await db.execute(sql`
    insert into processes (numero, pasta_id, tribunal, classe, assunto, partes, status, ano, changed_at)
    select c.seq || lpad((98 - ((c.seq || c.ano || c.j || c.tr || c.orig || '00')::numeric % 97))::text, 2, '0') || c.ano || c.j || c.tr || c.orig,
           (${intArray(folders)})[1 + (case when i % 3 = 0 then 0 else i % ${folders.length} end)],
           c.tribunal,
           (${textArray(CLASSES)})[1 + i % ${CLASSES.length}],
           (${textArray(SUBJECTS)})[1 + (i * 7) % ${SUBJECTS.length}],
           case when i % 4 = 0 then 'Impetrante: ' else 'Autor: ' end
             || (${textArray(FIRST)})[1 + (i * 3) % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (i * 5) % ${LAST.length}]
             || ' ' || (${textArray(LAST)})[1 + (i * 11) % ${LAST.length}]
             || case when i % 4 = 0 then '; Impetrado: Presidente do ' || c.tribunal else '; Réu: ' || (${textArray(DEFENDANTS)})[1 + (i * 13) % ${DEFENDANTS.length}] end,
           (${textArray(STATUSES)})[1 + (i * 17) % ${STATUSES.length}],
           c.ano::int,
           now() - make_interval(mins => i % 100000)
      from generate_series(${first}::int, ${first + opts.count - 1}::int) as i,
           lateral (select lpad(i::text, 7, '0') as seq, (2012 + i % 14)::text as ano,
                           (${textArray(courts.map((c) => c[0]))})[1 + (i * 31) % ${courts.length}] as tribunal,
                           ((${intArray(courts.map((c) => c[1]))})[1 + (i * 31) % ${courts.length}])::text as j,
                           lpad(((${intArray(courts.map((c) => c[2]))})[1 + (i * 31) % ${courts.length}])::text, 2, '0') as tr,
                           lpad((1 + i % 400)::text, 4, '0') as orig) as c
    on conflict (numero) do nothing`);
  const span = opts.fixedMovements ? sql`${opts.movements}::int` : sql`1 + p.pro_id % ${Math.max(1, 2 * opts.movements - 1)}`;
  await db.execute(sql`
    insert into process_movements (pro_id, external_id, data, texto)
    select p.pro_id, 'demo-' || k, least(make_date(p.ano, 1, 1) + k * 41 + p.pro_id % 37, current_date),
           (${textArray(MOVEMENTS)})[1 + least(k * 2 + p.pro_id % 3, ${MOVEMENTS.length - 1})]
             || case when k % 4 = 3 then ' (ID ' || (p.pro_id * 100 + k) || ')' else '' end
      from processes p, generate_series(0, (${span})::int - 1) as k
     where p.numero::text between lpad(${first}::int::text, 7, '0') and lpad(${first + opts.count - 1}::int::text, 7, '0') || 'z'
    on conflict (pro_id, external_id) do nothing`);
}

/** A deterministic uuid from these bytes. */
function idOf(bytes: Buffer) {
  const h = crypto.createHash('sha256').update(bytes).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Digital process demo (issue 15): folders, min(scale, 5000) processes (a few thousand at the default scale, a few
 * hundred in the E2E) with about six movements each, and a PDF per process. The PDFs are a handful of generated
 * documents (one per class) shared through the file store, so seeding stays fast.
 */
export async function seedProcesses(db: Db, store: BlobStore | undefined, opts: { scale: number; log?: (line: string) => void }) {
  const log = opts.log ?? (() => {});
  for (const [nome, parent] of FOLDERS) {
    await db.execute(sql`insert into process_folders (nome, parent_id)
      select ${nome}, (select pasta_id from process_folders where nome = ${parent} and parent_id is null)
      where not exists (select 1 from process_folders where lower(nome) = lower(${nome}))`);
  }
  const count = Math.max(50, Math.min(opts.scale, 5000));
  await generateProcesses(db, { count, movements: 6 });
  if (store) {
    for (const [index, classe] of CLASSES.entries()) {
      const title = `Autos digitais — ${classe}`;
      const paragraphs = [
        'Documento de demonstração do Processo Digital. Este PDF representa a íntegra dos autos de um processo desta classe.',
        `Classe: ${classe}. Exemplo de número no padrão CNJ: ${formatCnj('00589677720168190000')}.`,
        'Petição inicial, procuração, documentos pessoais, contestação, réplica, decisões, despachos, certidões de intimação e sentença.',
        'Os andamentos deste processo aparecem ao lado, do mais recente para o mais antigo.',
      ];
      // The id from the text (the PDF's bytes vary from one run to the next): seeding again finds the same file.
      const id = idOf(Buffer.from(JSON.stringify([title, paragraphs])));
      const { rows: known } = await db.execute(sql`select 1 from files where id = ${id}`);
      if (!known.length) {
        const pdf = await textPdf(title, paragraphs);
        const put = await store.put(id, Readable.from([pdf]));
        await db.execute(sql`insert into files (id, name, mime_type, size, sha256, storage_key)
          values (${id}, ${`autos-${index + 1}.pdf`}, 'application/pdf', ${put.size}, ${put.sha256}, ${put.key}) on conflict (id) do nothing`);
      }
      await db.execute(sql`update processes set pdf_file_id = ${id} where classe = ${classe} and pdf_file_id is null`);
    }
    await db.execute(sql`insert into file_links (owner_kind, owner_id, file_id)
      select ${PROCESS_FILE_OWNER}, pro_id::text, pdf_file_id from processes where pdf_file_id is not null on conflict do nothing`);
  }
  const { rows } = await db.execute<{ p: number; m: number }>(
    sql`select (select count(*) from processes)::int as p, (select count(*) from process_movements)::int as m`,
  );
  log(`Processo digital: ${rows[0]?.p ?? 0} processos, ${rows[0]?.m ?? 0} andamentos`);
}
