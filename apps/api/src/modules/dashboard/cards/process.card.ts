import { unreadByFolderSql } from '../../process/process.repository.js';
import { rowsOf, type CardQuery } from './common.js';

/** Processos com andamentos não lidos: the processes this user has not opened since their last change, by folder. */
export const processCard: CardQuery = {
  key: 'processos',
  perUser: true,
  async compute(db, { userId }) {
    const rows = await rowsOf<{ nome: string; n: number }>(db, unreadByFolderSql(userId));
    return {
      total: { value: rows.reduce((a, r) => a + r.n, 0), unit: 'count', caption: 'não lidos' },
      subtitle: null,
      parts: [
        {
          title: 'Não lidos por pasta',
          chart: 'bar',
          unit: 'count',
          series: ['Processos'],
          rows: rows.map((r) => ({ label: r.nome, values: [r.n] })),
        },
      ],
    };
  },
};
