import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { formatCpf } from '@assoc/domain';
import { loadConfig } from '../../config.js';
import { startDatabase, type DatabaseHandle } from '../database.js';
import { createDb, createPool, runMigrations } from '../client.js';
import { seedDemoData } from './seed.js';
import { storeFromConfig } from '../../modules/files/index.js';
import { demoSignIns, DEMO_PASSWORD } from './access.seed.js';

/**
 * `npm run seed -- --scale N`: wipes the demo data and generates it again (decision 19), N holders
 * (default SEED_SCALE), then lists the demo sign-ins. Uses the same database as `npm start`.
 */
async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string' } }, allowPositionals: true });
  const config = loadConfig();
  const scale = values.scale === undefined ? config.SEED_SCALE : Number(values.scale);
  if (!Number.isInteger(scale) || scale < 1) {
    console.error('Escala inválida: informe um número inteiro positivo, por exemplo --scale 3000');
    process.exit(2);
  }

  let database: DatabaseHandle;
  try {
    database = await startDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, port: config.PG_PORT });
  } catch (err) {
    console.error(
      `Não foi possível iniciar o banco de dados em ${config.DATA_DIR} (porta ${config.PG_PORT}).\n` +
        'Se a aplicação estiver em execução com este mesmo DATA_DIR, pare-a antes de gerar os dados de demonstração.\n' +
        `Detalhe: ${(err instanceof Error && err.message) || 'o servidor PostgreSQL não iniciou (veja DATA_DIR/pg/postmaster.pid)'}`,
    );
    process.exit(1);
  }

  const pool = createPool(database.url, 4);
  try {
    const db = createDb(pool);
    await runMigrations(db);
    console.log(`Apagando os dados de demonstração e gerando novamente (escala ${scale})...`);
    await db.execute(sql`truncate table search_history, position_history, addresses, audits, sessions, login_failures,
      user_roles, users, profile_roles, profiles, terceiros, customers restart identity cascade`);
    await seedDemoData(db, { scale, log: (line) => console.log(line), photoStore: storeFromConfig(config) });
    console.log(`\nAcessos de demonstração (senha ${DEMO_PASSWORD}):`);
    for (const row of await demoSignIns(db)) console.log(`  ${row.profile.padEnd(22)} ${formatCpf(row.cpf)}  ${row.name}`);
  } finally {
    await pool.end().catch(() => {});
    await database.stop().catch(() => {});
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
