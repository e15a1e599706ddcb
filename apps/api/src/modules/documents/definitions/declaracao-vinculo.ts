import { z } from 'zod';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  cpfField,
  formatCpf,
  formatDate,
  formatDateLong,
  formatNumeroInterno,
  intRange,
  isoDateField,
  requiredText,
  situacaoLabel,
} from '@assoc/domain';
import { customers } from '../../../db/schema/index.js';
import type { DocumentDefinition } from '../document.types.js';
import { A4, CONTENT_WIDTH, MARGIN_X, field, fixed, letterhead, letterheadInputs, paragraph, signatureBlock } from './layout.js';

const data = z.object({
  nome: requiredText(1, 64),
  cpf: cpfField(),
  /** Número interno (7 digits, printed 000000-0). */
  matricula: requiredText(1, 7),
  /** Admission date, 'YYYY-MM-DD'. */
  admissao: isoDateField(),
  /** 1 active, 2 retired (the bond declaration is offered for these). */
  situacao: intRange(1, 5),
  /** The city of the place-and-date line. */
  local: requiredText(1, 60),
});

const BODY =
  'A {associacao} declara, para os devidos fins, que {nome}, inscrito(a) no CPF sob o nº {cpf}, é associado(a) desta entidade desde {desde}, ' +
  'sob a matrícula nº {matricula}, encontrando-se atualmente na situação de associado(a) {situacao}.';

/** Declaração de vínculo associativo (spec 1 §2, 'Vínculo Associativo'; GET user/vinculo/{cstId}). */
export const declaracaoVinculo: DocumentDefinition<typeof data> = {
  name: 'declaracao-vinculo',
  description: 'Declaração de vínculo associativo',
  data,
  template: {
    basePdf: A4,
    schemas: [
      [
        ...letterhead(),
        fixed(
          'titulo',
          'DECLARAÇÃO DE VÍNCULO ASSOCIATIVO',
          { x: MARGIN_X, y: 60, width: CONTENT_WIDTH, height: 10 },
          { fontSize: 15, bold: true, alignment: 'center' },
        ),
        paragraph(
          'corpo',
          BODY,
          ['associacao', 'nome', 'cpf', 'desde', 'matricula', 'situacao'],
          { x: MARGIN_X, y: 90, width: CONTENT_WIDTH, height: 40 },
          {
            fontSize: 12,
            alignment: 'justify',
            lineHeight: 1.6,
          },
        ),
        fixed(
          'fecho',
          'Por ser expressão da verdade, firmamos a presente declaração.',
          { x: MARGIN_X, y: 135, width: CONTENT_WIDTH, height: 8 },
          { fontSize: 12 },
        ),
        ...signatureBlock(160),
        field('emissao', { x: MARGIN_X, y: 270, width: CONTENT_WIDTH, height: 6 }, { fontSize: 8, alignment: 'center', fontColor: '#555555' }),
      ],
    ],
  },
  inputs(d, context) {
    return [
      {
        ...letterheadInputs(context),
        corpo: JSON.stringify({
          associacao: context.association.name,
          nome: d.nome,
          cpf: formatCpf(d.cpf),
          desde: formatDate(d.admissao),
          matricula: formatNumeroInterno(d.matricula),
          situacao: situacaoLabel(d.situacao).toLowerCase(),
        }),
        local_data: `${d.local}, ${formatDateLong(context.now)}.`,
        assinatura: context.association.name,
        emissao: `Documento emitido em ${formatDate(context.now)}.`,
      },
    ];
  },
  sample: () => ({
    nome: 'Maria da Conceição Araújo',
    cpf: '52998224725',
    matricula: '1234567',
    admissao: '2004-03-15',
    situacao: 1,
    local: 'São Paulo',
  }),
  async demoData(db) {
    const [holder] = await db
      .select({
        nome: customers.custName,
        cpf: customers.custCpf,
        matricula: customers.custNumeroInterno,
        admissao: customers.custAdmissao,
        situacao: customers.custAssocSituacao,
      })
      .from(customers)
      .where(and(isNull(customers.parentId), eq(customers.custAssocSituacao, 1)))
      .orderBy(asc(customers.cstId))
      .limit(1);
    if (!holder?.cpf || !holder.admissao) return null;
    return {
      nome: holder.nome,
      cpf: holder.cpf,
      matricula: holder.matricula ?? '0000000',
      admissao: holder.admissao,
      situacao: holder.situacao ?? 1,
      local: 'São Paulo',
    };
  },
};
