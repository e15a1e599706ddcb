import { z } from 'zod';

export const dashboardMessages = {
  invalidCep: 'CEP inválido',
  cepNotFound: 'CEP não encontrado',
  weatherUnavailable: 'Serviço de clima indisponível',
  unknownCard: 'Cartão do painel inexistente',
  invalidPeriod: 'Período inválido',
} as const;

/** Icon codes the client maps to its icons. */
export const weatherIcons = [
  'clear',
  'mostly-clear',
  'partly-cloudy',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'showers',
  'snow',
  'thunderstorm',
  'unknown',
] as const;

/** GET weather/{cep}: today's weather where the CEP is. */
export const weatherSchema = z.object({
  cep: z.string(),
  city: z.string(),
  uf: z.string(),
  /** Current temperature, °C. */
  temperature: z.number(),
  /** Today's minimum and maximum, °C. */
  min: z.number(),
  max: z.number(),
  /** pt-BR text of the current weather code, e.g. 'Parcialmente nublado'. */
  description: z.string(),
  icon: z.enum(weatherIcons),
});
export type Weather = z.infer<typeof weatherSchema>;
