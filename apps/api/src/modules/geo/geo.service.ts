import { geoMessages, type GeoAddressQuery, type GeoCoordinates } from '@assoc/domain';
import { AppError, notFound } from '../../lib/errors.js';
import { STATE_NAMES } from '@assoc/domain';
import type { GeoClient, GeoSearch } from './geo.client.js';
import type { Db } from '../../db/client.js';
import { geoCacheKey, type GeoRepository } from './geo.repository.js';

/** Addresses hardly move: found coordinates are kept 30 days; an address not found is asked again after a day. */
const FOUND_SECONDS = 30 * 24 * 3600;
const NOT_FOUND_SECONDS = 24 * 3600;

interface Deps {
  db: Db;
  repo: GeoRepository;
  client: GeoClient;
  timeoutMs: number;
  log?: { warn(obj: object, msg: string): void };
}

/** The searches to try, most precise first: the street in its city, the CEP, then the city alone (approximate). */
export function searchesOf(q: GeoAddressQuery): { search: GeoSearch; precisao: GeoCoordinates['precisao'] }[] {
  const state = q.uf ? (STATE_NAMES[q.uf] ?? q.uf) : undefined;
  const searches: { search: GeoSearch; precisao: GeoCoordinates['precisao'] }[] = [];
  if (q.logradouro && q.cidade && state) {
    searches.push({ search: { street: [q.numero, q.logradouro].filter(Boolean).join(' '), city: q.cidade, state }, precisao: 'endereco' });
  }
  if (q.cep) searches.push({ search: { postalcode: `${q.cep.slice(0, 5)}-${q.cep.slice(5)}`, ...(state ? { state } : {}) }, precisao: 'endereco' });
  if (q.cidade && state) searches.push({ search: { city: q.cidade, state }, precisao: 'cidade' });
  return searches;
}

/**
 * GET geo/coordenadas (decision 11): cache first, then the geocoder within MAP_GEOCODE_TIMEOUT_MS for all the
 * searches of one request; 404 when nothing matches, 503 when the service cannot be reached.
 */
export function createGeoService({ db, repo, client, timeoutMs, log }: Deps) {
  return {
    async coordinates(query: GeoAddressQuery): Promise<GeoCoordinates> {
      // The bairro does not narrow a structured search; it stays out of the key so both spellings share the answer.
      const normalised = {
        logradouro: query.logradouro?.toLocaleLowerCase('pt-BR') || undefined,
        numero: query.numero || undefined,
        cidade: query.cidade?.toLocaleLowerCase('pt-BR') || undefined,
        uf: query.uf,
        cep: query.cep,
      };
      const key = geoCacheKey(normalised);
      const found = await repo.cached<GeoCoordinates>(db, key, FOUND_SECONDS);
      if (found?.value) return found.value;
      if (found && (await repo.cached<GeoCoordinates>(db, key, NOT_FOUND_SECONDS))) throw notFound(geoMessages.notFound);
      const signal = AbortSignal.timeout(timeoutMs);
      let result: GeoCoordinates | null = null;
      try {
        for (const { search, precisao } of searchesOf(normalised)) {
          const point = await client.search(search, signal);
          if (point) {
            result = { ...point, precisao };
            break;
          }
        }
      } catch (err) {
        const reason = signal.aborted ? `tempo esgotado (${timeoutMs} ms)` : (err as Error).message;
        log?.warn({ reason }, 'serviço de localização indisponível');
        throw new AppError('unavailable', geoMessages.unavailable);
      }
      await repo.cache(db, key, { value: result });
      if (!result) throw notFound(geoMessages.notFound);
      return result;
    },
  };
}

export type GeoService = ReturnType<typeof createGeoService>;
