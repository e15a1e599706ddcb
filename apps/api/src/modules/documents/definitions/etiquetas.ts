import { z } from 'zod';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { cepField, formatCep, optionalText, requiredText } from '@assoc/domain';
import { addresses, customers } from '../../../db/schema/index.js';
import type { Schema } from '@pdfme/common';
import type { DocumentDefinition } from '../document.types.js';
import { field } from './layout.js';

/** Label printing types (spec 1 §3, address block): the sender line differs. */
export const LABEL_TYPES = { 1: 'Secretaria', 2: 'Atendimento', 3: 'Sede Social' } as const;

const data = z.object({
  tipo: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Tipo de etiqueta deve ser 1, 2 ou 3' }),
  etiquetas: z
    .array(
      z.object({
        nome: requiredText(1, 64),
        logradouro: requiredText(1, 80),
        numero: optionalText(20),
        complemento: optionalText(20),
        bairro: optionalText(32),
        cidade: requiredText(1, 32),
        uf: requiredText(2, 2),
        cep: cepField(),
      }),
    )
    .min(1, 'Informe ao menos uma etiqueta')
    .max(20_000),
});

/** A4 sheet of 2 × 7 labels of 99 × 38.1 mm (the common Carta/A4 6181-type sheet). */
export const LABELS_PER_PAGE = 14;
const COLUMNS = 2;
const LABEL = { width: 99, height: 38.1, left: 4.7, top: 15.15, gap: 2.6 };

function labelSlot(i: number): Schema[] {
  const x = LABEL.left + (i % COLUMNS) * (LABEL.width + LABEL.gap) + 4;
  const y = LABEL.top + Math.floor(i / COLUMNS) * LABEL.height + 3;
  const width = LABEL.width - 8;
  return [
    field(`remetente${i + 1}`, { x, y, width, height: 4 }, { fontSize: 6.5, fontColor: '#444444' }),
    field(`destinatario${i + 1}`, { x, y: y + 5, width, height: 6 }, { fontSize: 10, bold: true }),
    field(`endereco${i + 1}`, { x, y: y + 11.5, width, height: 19 }, { fontSize: 9, lineHeight: 1.25 }),
  ];
}

/** Etiquetas de endereçamento, types 1 Secretaria, 2 Atendimento, 3 Sede Social (GET label/{cstId}/{record}/{type}; many people, many sheets). */
export const etiquetas: DocumentDefinition<typeof data> = {
  name: 'etiquetas',
  description: 'Etiquetas de endereçamento (1 Secretaria, 2 Atendimento, 3 Sede Social)',
  data,
  template: {
    basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
    schemas: [Array.from({ length: LABELS_PER_PAGE }, (_, i) => labelSlot(i)).flat()],
  },
  inputs(d, context) {
    const sender = `Remetente: ${context.association.name} – ${LABEL_TYPES[d.tipo]}`;
    const pages: Record<string, string>[] = [];
    d.etiquetas.forEach((label, index) => {
      const slot = (index % LABELS_PER_PAGE) + 1;
      if (slot === 1) pages.push({});
      const street = [label.logradouro, label.numero, label.complemento].filter(Boolean).join(', ');
      const lines = [street, label.bairro, `${formatCep(label.cep)} – ${label.cidade}/${label.uf.toUpperCase()}`].filter(Boolean);
      Object.assign(pages.at(-1)!, { [`remetente${slot}`]: sender, [`destinatario${slot}`]: label.nome, [`endereco${slot}`]: lines.join('\n') });
    });
    return pages;
  },
  sample: () => ({
    tipo: 1,
    etiquetas: [
      {
        nome: 'Maria da Conceição Araújo',
        logradouro: 'Rua da Consolação',
        numero: '1500',
        complemento: 'Apto 42',
        bairro: 'Consolação',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01301100',
      },
      {
        nome: 'José Antônio Conceição',
        logradouro: 'Avenida São João',
        numero: '439',
        complemento: null,
        bairro: 'República',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01035000',
      },
      {
        nome: 'Luíza Gonçalves Peçanha',
        logradouro: 'Rua Barão de Jaguara',
        numero: '1200',
        complemento: null,
        bairro: 'Centro',
        cidade: 'Campinas',
        uf: 'SP',
        cep: '13015002',
      },
    ],
  }),
  async demoData(db) {
    const rows = await db
      .select({
        nome: customers.custName,
        logradouro: addresses.adAddress,
        numero: addresses.adNumber,
        complemento: addresses.adComplement,
        bairro: addresses.adBairro,
        cidade: addresses.adCity,
        uf: addresses.adState,
        cep: addresses.adZipcode,
      })
      .from(customers)
      .innerJoin(addresses, and(eq(addresses.cstId, customers.cstId), eq(addresses.kind, customers.enderecoSelected)))
      .where(
        and(
          isNull(customers.parentId),
          eq(customers.custAssocSituacao, 1),
          sql`length(${addresses.adZipcode}) = 8`,
          sql`${addresses.adAddress} <> ''`,
          sql`${addresses.adCity} <> ''`,
        ),
      )
      .orderBy(asc(customers.cstId))
      .limit(20);
    const labels = rows.flatMap((r) =>
      r.logradouro && r.cidade && r.uf?.length === 2 && r.cep ? [{ ...r, logradouro: r.logradouro, cidade: r.cidade, uf: r.uf, cep: r.cep }] : [],
    );
    return labels.length ? { tipo: 1 as const, etiquetas: labels } : null;
  },
};
