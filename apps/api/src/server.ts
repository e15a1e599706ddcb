import { formatCpf } from '@assoc/domain';
import { loadConfig, seedDemoEnabled } from './config.js';
import { startDatabase } from './db/database.js';
import { createDb, createPool, readableError, runMigrations } from './db/client.js';
import { isEmpty, seedDemoData } from './db/seed/seed.js';
import { createFirstAdmin } from './db/seed/first-admin.js';
import { DEMO_PASSWORD } from './db/seed/access.seed.js';
import { buildApp } from './app.js';

/**
 * Starts everything for `npm start`: database (embedded unless DATABASE_URL), migrations, first start
 * (demo data when SEED_DEMO allows it, otherwise one superadmin), HTTP.
 */
async function main() {
  const config = loadConfig();
  const database = await startDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, port: config.PG_PORT });
  const pool = createPool(database.url, 20, { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS });
  const db = createDb(pool);
  await runMigrations(db);
  if (await isEmpty(db)) {
    if (config.SEED_DEMO === 'true' && config.NODE_ENV === 'production') {
      console.warn('SEED_DEMO=true ignorado: dados de demonstração (senha publicada) nunca são gerados com NODE_ENV=production.');
    }
    if (seedDemoEnabled(config)) {
      console.log(`Primeira execução: gerando dados de demonstração (escala ${config.SEED_SCALE}, senha ${DEMO_PASSWORD})...`);
      await seedDemoData(db, { scale: config.SEED_SCALE, log: (line) => console.log(line) });
    } else {
      const admin = await createFirstAdmin(db, { cpf: config.ADMIN_CPF, password: config.ADMIN_PASSWORD });
      // Printed once, to the console only (never through the app's logger): it is not stored anywhere else.
      console.log(`Primeira execução: superadministrador criado. CPF ${formatCpf(admin.cpf)}`
        + (admin.oneTimePassword ? `, senha provisória ${admin.oneTimePassword}` : ', senha de ADMIN_PASSWORD')
        + '. A senha deve ser trocada no primeiro acesso.');
    }
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
  // Some libraries reject with nothing: always say something a person can act on.
  console.error(`Falha ao iniciar a aplicação: ${readableError(err)}`);
  process.exit(1);
});
