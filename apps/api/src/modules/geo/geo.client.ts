import { setTimeout as sleep } from 'node:timers/promises';

/** The geocoder failed, timed out or answered something unusable. */
export class GeoUpstreamError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeoUpstreamError';
  }
}

/** One structured search (Nominatim's street/city/state/postalcode parameters). */
export type GeoSearch = Partial<Record<'street' | 'city' | 'state' | 'postalcode', string>>;

/** 1000 ms for the public Nominatim (its usage policy: at most one request per second), 0 for any other geocoder. */
export function defaultGeocodeInterval(url: string) {
  try {
    return new URL(url).hostname === 'nominatim.openstreetmap.org' ? 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * Nominatim-compatible client: GET {base}?format=jsonv2&limit=1&countrycodes=br&… answers [{lat, lon}] ([] when nothing
 * matches). Requests leave at least `minIntervalMs` apart (the public Nominatim allows one per second); a request
 * waiting for its turn counts against the lookup's time like the request itself.
 */
export function createGeoClient(opts: { url: string; userAgent: string; minIntervalMs?: number }) {
  const minIntervalMs = opts.minIntervalMs ?? 0;
  let nextTurn = 0;
  async function turn(signal: AbortSignal) {
    const now = Date.now();
    const at = Math.max(now, nextTurn);
    nextTurn = at + minIntervalMs;
    if (at > now) await sleep(at - now, undefined, { signal });
  }

  return {
    /** The first match's coordinates; null when nothing matches. */
    async search(query: GeoSearch, signal: AbortSignal): Promise<{ lat: number; lon: number } | null> {
      const url = new URL(opts.url);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', '1');
      url.searchParams.set('countrycodes', 'br');
      for (const [name, value] of Object.entries(query)) if (value) url.searchParams.set(name, value);
      let response: Response;
      try {
        await turn(signal);
        response = await fetch(url, { signal, headers: { accept: 'application/json', 'accept-language': 'pt-BR', 'user-agent': opts.userAgent } });
      } catch (err) {
        throw new GeoUpstreamError(`${url.origin} inacessível`, { cause: err });
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new GeoUpstreamError(`${url.origin} respondeu ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (err) {
        throw new GeoUpstreamError(`${url.origin} respondeu algo que não é JSON`, { cause: err });
      }
      if (!Array.isArray(body)) throw new GeoUpstreamError('Resposta de localização não é uma lista');
      const first = body[0] as { lat?: unknown; lon?: unknown } | undefined;
      if (!first) return null;
      const lat = Number(first.lat);
      const lon = Number(first.lon);
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
        throw new GeoUpstreamError('Resposta de localização sem coordenadas válidas');
      }
      return { lat, lon };
    },
  };
}

export type GeoClient = ReturnType<typeof createGeoClient>;
