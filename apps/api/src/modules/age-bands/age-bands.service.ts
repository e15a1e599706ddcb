import { ageBandColumns, formatDate, formatNumeroInterno, isoDateInAppZone, type AgeBandPage, type AgeBandQuery } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import { sheetXlsx } from '../../lib/xlsx-sheet.js';
import type { AgeBandsRepository } from './age-bands.repository.js';

/** MM/YYYY of the month after `today` (YYYY-MM-DD). */
export function nextMonthLabel(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 12 ? `01/${y + 1}` : `${String(m + 1).padStart(2, '0')}/${y}`;
}

/** 'Mudança de faixa etária' (issue 30 item 1): the list, a page at a time, and its Excel export. */
export function createAgeBandsService(db: Db, repo: AgeBandsRepository, now: () => string = () => isoDateInAppZone()) {
  return {
    async list(query: AgeBandQuery): Promise<AgeBandPage> {
      const today = now();
      const { rows, total } = await repo.page(db, today, query.pageSize, (query.page - 1) * query.pageSize);
      return { mes: nextMonthLabel(today), items: rows, total, page: query.page, pageSize: query.pageSize };
    },
    async export(): Promise<Buffer> {
      const rows = await repo.all(db, now());
      return sheetXlsx(
        'Mudança de faixa etária',
        ageBandColumns,
        rows.map((r) => ({
          aniversario: r.aniversario,
          matricula: formatNumeroInterno(r.matricula),
          titular: r.titular,
          nome: r.nome,
          nascimento: formatDate(r.nascimento),
          idade: r.idade,
          produto: r.produto,
          servico: r.servico,
          valorAtual: { cents: r.valorAtual },
          novoServico: r.novoServico ?? '',
          novoValor: r.novoValor === null ? null : { cents: r.novoValor },
        })),
      );
    },
  };
}
export type AgeBandsService = ReturnType<typeof createAgeBandsService>;
