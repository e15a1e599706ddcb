import { STATE_NAMES, type weatherIcons } from '@assoc/domain';

/** The upstream chain of the dashboard weather: CEP -> city -> coordinates -> forecast. */

export interface Place {
  city: string;
  uf: string;
  latitude: number;
  longitude: number;
}

export interface Forecast {
  temperature: number;
  min: number;
  max: number;
  code: number;
}

/** An upstream that failed, timed out or answered something unusable. */
export class UpstreamError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

type Icon = (typeof weatherIcons)[number];

/** WMO weather interpretation codes (as Open-Meteo reports them) in pt-BR, with an icon code. */
const WEATHER_CODES: Record<number, [description: string, icon: Icon]> = {
  0: ['Céu limpo', 'clear'],
  1: ['Predominantemente limpo', 'mostly-clear'],
  2: ['Parcialmente nublado', 'partly-cloudy'],
  3: ['Nublado', 'cloudy'],
  45: ['Nevoeiro', 'fog'],
  48: ['Nevoeiro com geada', 'fog'],
  51: ['Garoa fraca', 'drizzle'],
  53: ['Garoa', 'drizzle'],
  55: ['Garoa forte', 'drizzle'],
  56: ['Garoa congelante', 'drizzle'],
  57: ['Garoa congelante forte', 'drizzle'],
  61: ['Chuva fraca', 'rain'],
  63: ['Chuva', 'rain'],
  65: ['Chuva forte', 'rain'],
  66: ['Chuva congelante', 'rain'],
  67: ['Chuva congelante forte', 'rain'],
  71: ['Neve fraca', 'snow'],
  73: ['Neve', 'snow'],
  75: ['Neve forte', 'snow'],
  77: ['Grãos de neve', 'snow'],
  80: ['Pancadas de chuva fracas', 'showers'],
  81: ['Pancadas de chuva', 'showers'],
  82: ['Pancadas de chuva fortes', 'showers'],
  85: ['Pancadas de neve', 'snow'],
  86: ['Pancadas de neve fortes', 'snow'],
  95: ['Trovoada', 'thunderstorm'],
  96: ['Trovoada com granizo', 'thunderstorm'],
  99: ['Trovoada com granizo forte', 'thunderstorm'],
};

export function describeWeatherCode(code: number): { description: string; icon: Icon } {
  const [description, icon] = WEATHER_CODES[code] ?? ['Condição desconhecida', 'unknown'];
  return { description, icon };
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function createWeatherClient(urls: { cepUrl: string; geocodeUrl: string; weatherUrl: string }) {
  async function getJson(url: URL, signal: AbortSignal): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { signal, headers: { accept: 'application/json' } });
    } catch (err) {
      throw new UpstreamError(`${url.origin} inacessível`, { cause: err });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new UpstreamError(`${url.origin} respondeu ${response.status}`);
    }
    try {
      return await response.json();
    } catch (err) {
      throw new UpstreamError(`${url.origin} respondeu algo que não é JSON`, { cause: err });
    }
  }

  const withBase = (base: string, suffix: string) => new URL(base.replace(/\/+$/, '') + suffix);

  return {
    /** The CEP's city and its coordinates; null when the CEP does not exist. */
    async place(cep: string, signal: AbortSignal): Promise<Place | null> {
      const address = (await getJson(withBase(urls.cepUrl, `/${cep}/json/`), signal)) as { localidade?: unknown; uf?: unknown; erro?: unknown };
      if (address?.erro === true || address?.erro === 'true') return null;
      if (typeof address?.localidade !== 'string' || typeof address.uf !== 'string' || !address.localidade) {
        throw new UpstreamError('Resposta de CEP sem localidade');
      }
      const city = address.localidade;
      const uf = address.uf.toUpperCase();
      const url = new URL(urls.geocodeUrl);
      url.search = new URLSearchParams({ name: city, count: '10', language: 'pt', countryCode: 'BR', format: 'json' }).toString();
      const found = (await getJson(url, signal)) as { results?: Array<{ latitude?: unknown; longitude?: unknown; admin1?: unknown }> };
      const results = (found?.results ?? []).filter((r) => isNumber(r.latitude) && isNumber(r.longitude));
      // Several cities share a name (Bom Jesus, Santa Luzia…): prefer the one in the CEP's state.
      const best = results.find((r) => r.admin1 === STATE_NAMES[uf]) ?? results[0];
      if (!best) throw new UpstreamError(`Coordenadas de ${city}/${uf} não encontradas`);
      return { city, uf, latitude: best.latitude as number, longitude: best.longitude as number };
    },

    /** Current temperature and weather code, and today's minimum and maximum. */
    async forecast(place: Place, signal: AbortSignal): Promise<Forecast> {
      const url = new URL(urls.weatherUrl);
      url.search = new URLSearchParams({
        latitude: String(place.latitude),
        longitude: String(place.longitude),
        current: 'temperature_2m,weather_code',
        daily: 'temperature_2m_max,temperature_2m_min',
        timezone: 'America/Sao_Paulo',
        forecast_days: '1',
      }).toString();
      const body = (await getJson(url, signal)) as {
        current?: { temperature_2m?: unknown; weather_code?: unknown };
        daily?: { temperature_2m_max?: unknown[]; temperature_2m_min?: unknown[] };
      };
      const temperature = body?.current?.temperature_2m;
      const code = body?.current?.weather_code;
      const max = body?.daily?.temperature_2m_max?.[0];
      const min = body?.daily?.temperature_2m_min?.[0];
      if (!isNumber(temperature) || !isNumber(code)) throw new UpstreamError('Previsão sem temperatura atual');
      return { temperature, code, min: isNumber(min) ? min : temperature, max: isNumber(max) ? max : temperature };
    },
  };
}

export type WeatherClient = ReturnType<typeof createWeatherClient>;
