import { cepMessages, type CepAddress } from '@assoc/domain';
import { AppError, notFound } from '../../lib/errors.js';
import type { CepClient } from './cep.client.js';
import type { Db } from '../../db/client.js';
import type { CepRepository } from './cep.repository.js';

/** Addresses hardly change: a found CEP is served from the cache for 30 days. */
const CACHE_SECONDS = 30 * 24 * 3600;

interface Deps {
  db: Db;
  repo: CepRepository;
  client: CepClient;
  timeoutMs: number;
  log?: { warn(obj: object, msg: string): void };
}

/** GET cep/{cep} (decision 11): cache first, then the upstream within CEP_TIMEOUT_MS; 404 unknown, 503 unreachable. */
export function createCepService({ db, repo, client, timeoutMs, log }: Deps) {
  return {
    async lookup(cep: string): Promise<CepAddress> {
      const cached = await repo.cached(db, cep, CACHE_SECONDS);
      if (cached) return cached;
      const signal = AbortSignal.timeout(timeoutMs);
      let address: CepAddress | null;
      try {
        address = await client.lookup(cep, signal);
      } catch (err) {
        const reason = signal.aborted ? `tempo esgotado (${timeoutMs} ms)` : (err as Error).message;
        log?.warn({ cep, reason }, 'serviço de CEP indisponível');
        throw new AppError('unavailable', cepMessages.unavailable);
      }
      if (!address) throw notFound(cepMessages.notFound);
      await repo.cache(db, cep, address);
      return address;
    },
  };
}

export type CepService = ReturnType<typeof createCepService>;
