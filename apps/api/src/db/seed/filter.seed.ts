import { sql } from 'drizzle-orm';
import { cpfFromBase, filterQuerySchema, type FilterQuery } from '@assoc/domain';
import type { Db } from '../client.js';

const SUPERADMIN = cpfFromBase('111444777');
const ATENDIMENTO = cpfFromBase('222555888');

/** The demo's saved filters (valid queries of the catalogue: checked here as the server checks them). */
const filters: { name: string; query: FilterQuery; columns: string[]; shareWithAtendimento: boolean }[] = [
  {
    name: 'Magistrados ativos com e-mail',
    query: {
      combinator: 'and',
      rules: [
        { field: 'status', operator: 'in', value: ['M', 'N', 'H', 'J'] },
        { field: 'situacao', operator: 'in', value: [1] },
        { field: 'temEmail', operator: '=', value: true },
      ],
    },
    columns: ['nome', 'numeroInterno', 'email', 'status', 'comunicacao'],
    shareWithAtendimento: false,
  },
  {
    name: 'Titulares com saldo em aberto acima de R$ 500,00 ou em boleto',
    query: {
      combinator: 'and',
      rules: [
        { field: 'titular', operator: '=', value: 'titular' },
        {
          combinator: 'or',
          rules: [
            { field: 'saldoAberto', operator: '>', value: 50_000 },
            { field: 'localDebito', operator: 'in', value: [11] },
          ],
        },
      ],
    },
    columns: ['nome', 'numeroInterno', 'localDebito', 'saldoAberto', 'celular'],
    shareWithAtendimento: true,
  },
];

/**
 * Issue 29 item 1's demo: two saved filters of the superadmin demo user, the second shared with the Atendimento user
 * (who sees it read-only), so /filter is not empty at any scale.
 */
export async function seedFilters(db: Db) {
  await db.execute(sql`truncate table saved_filters restart identity cascade`);
  await db.execute(sql`truncate table filter_exports restart identity`);
  const owner = (await db.execute<{ user_id: number }>(sql`select user_id from users where cpf = ${SUPERADMIN}`)).rows[0]?.user_id;
  const reader = (await db.execute<{ user_id: number }>(sql`select user_id from users where cpf = ${ATENDIMENTO}`)).rows[0]?.user_id;
  if (!owner) return;
  for (const f of filters) {
    const query = filterQuerySchema.parse(f.query);
    const id = (
      await db.execute<{ id: number }>(
        sql`insert into saved_filters (owner_id, name, query, columns) values (${owner}, ${f.name}, ${JSON.stringify(query)}::jsonb, ${JSON.stringify(f.columns)}::jsonb) returning id`,
      )
    ).rows[0]!.id;
    if (f.shareWithAtendimento && reader) await db.execute(sql`insert into saved_filter_shares (filter_id, user_id) values (${id}, ${reader})`);
  }
}
