import { loadConfig } from './config.js';
import { startDatabase } from './db/database.js';
import { createDb, createPool, runMigrations } from './db/client.js';
import { isEmpty, seedDemoData } from './db/seed/seed.js';
import { buildApp } from './app.js';

/** Starts everything for `npm start`: database (embedded unless DATABASE_URL), migrations, first-start seed, HTTP. */
async function main() {
  const config = loadConfig();
  const database = await startDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, port: config.PG_PORT });
  const pool = createPool(database.url, 20);
  const db = createDb(pool);
  await runMigrations(db);
  if (await isEmpty(db)) {
    console.log(`Primeira execução: gerando dados de demonstração (escala ${config.SEED_SCALE})...`);
    await seedDemoData(db, { scale: config.SEED_SCALE, log: (line) => console.log(line) });
  }
  const app = await buildApp({ config, db, pool, logger: true });
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`Aplicação em http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close().catch(() => {});
    await pool.end().catch(() => {});
    await database.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
