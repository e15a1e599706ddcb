import { isoDateInAppZone } from '@assoc/domain';
import { AppError, notFound } from '../../lib/errors.js';
import { toSuggestion } from '../search/search.service.js';
import type { PersonSuggestion } from '@assoc/domain';
import type { Db } from '../../db/client.js';
import type { DashboardRepository } from './dashboard.repository.js';
import { dashboardMessages, type Weather } from '@assoc/domain';
import { describeWeatherCode, UpstreamError, type Place, type WeatherClient } from './dashboard.weather.js';

/** A CEP's city and coordinates hardly change: kept for 30 days. */
const PLACE_CACHE_SECONDS = 30 * 24 * 3600;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Year, month and day now in São Paulo (the association's calendar). */
export function todayInSaoPaulo(now = new Date()) {
  const [year, month, day] = isoDateInAppZone(now).split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

interface Deps {
  db: Db;
  repo: DashboardRepository;
  weather: WeatherClient;
  timeoutMs: number;
  cacheMinutes: number;
  log?: { warn(obj: object, msg: string): void };
}

export function createDashboardService({ db, repo, weather, timeoutMs, cacheMinutes, log }: Deps) {
  /** Weather requests in flight per CEP: simultaneous dashboards share one upstream call. */
  const inFlight = new Map<string, Promise<Weather>>();

  async function fetchWeather(cep: string): Promise<Weather> {
    // One budget for the whole chain, so the reply never waits beyond it.
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      let place = await repo.cached<Place>(db, `cep-coords:${cep}`, PLACE_CACHE_SECONDS);
      if (!place) {
        const found = await weather.place(cep, signal);
        if (!found) throw notFound(dashboardMessages.cepNotFound);
        place = found;
        await repo.cache(db, `cep-coords:${cep}`, place);
      }
      const forecast = await weather.forecast(place, signal);
      const reply: Weather = {
        cep,
        city: place.city,
        uf: place.uf,
        temperature: forecast.temperature,
        min: forecast.min,
        max: forecast.max,
        ...describeWeatherCode(forecast.code),
      };
      await repo.cache(db, `weather:${cep}`, reply);
      return reply;
    } catch (err) {
      if (err instanceof AppError) throw err;
      const reason = err instanceof UpstreamError ? err.message : signal.aborted ? `tempo esgotado (${timeoutMs} ms)` : String(err);
      log?.warn({ cep, reason, cause: (err as { cause?: unknown })?.cause }, 'serviço de clima indisponível');
      throw new AppError('unavailable', dashboardMessages.weatherUnavailable);
    }
  }

  return {
    /** Living holders and dependents whose birthday is today in São Paulo, by name (spec 3 §2.2). */
    async birthdays(now = new Date()): Promise<PersonSuggestion[]> {
      const { year, month, day } = todayInSaoPaulo(now);
      const rows = await repo.birthdays(db, month, day, month === 2 && day === 28 && !isLeap(year));
      const today = isoDateInAppZone(now);
      return rows.map((row) => toSuggestion(row, today));
    },

    /**
     * Today's weather at a CEP (decision 11): from the cache when fresh, otherwise CEP -> city ->
     * coordinates -> forecast upstream, within WEATHER_TIMEOUT_MS; 503 when an upstream fails.
     */
    async weather(cep: string): Promise<Weather> {
      const cached = await repo.cached<Weather>(db, `weather:${cep}`, cacheMinutes * 60);
      if (cached) return cached;
      let pending = inFlight.get(cep);
      if (!pending) {
        pending = fetchWeather(cep).finally(() => inFlight.delete(cep));
        inFlight.set(cep, pending);
      }
      return pending;
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
