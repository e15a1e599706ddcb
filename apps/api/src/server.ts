import { loadConfig } from './config.js';
import { startDatabase } from './db/database.js';
import { createDb, createPool, readableError } from './db/client.js';
import { prepareDatabase } from './db/seed/seed.js';
import { buildApp } from './app.js';

/**
 * Starts everything for `npm start`: database (embedded unless DATABASE_URL), migrations, first start
 * (demo data when SEED_DEMO allows it, otherwise one superadmin) under an advisory lock shared by all
 * instances on the database, HTTP.
 */
async function main() {
  const config = loadConfig();
  // The embedded server has no supervisor of its own: the app restarts it when it dies (issue 22 item 13).
  const database = await startDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    port: config.PG_PORT,
    watchdog: { maxRestarts: 5 },
  });
  const pool = createPool(database.url, 20, { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS });
  const db = createDb(pool);
  // Console lines carry no secret: the one-time password goes to the terminal when there is one (stdout a TTY),
  // else to DATA_DIR/first-admin.txt (mode 600), never to the stream the request log uses (issue 22 item 12).
  const terminal = process.stdout.isTTY ? (line: string) => process.stdout.write(`${line}\n`) : null;
  await prepareDatabase(database.url, db, config, (line) => console.log(line), { terminal });
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
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err) => {
  // Some libraries reject with nothing: always say something a person can act on.
  console.error(`Falha ao iniciar a aplicação: ${readableError(err)}`);
  process.exit(1);
});
