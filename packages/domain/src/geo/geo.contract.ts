import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { safeText } from '../validation.js';

/** pt-BR texts of the map lookups (decision 11) and the 'Mapa' dialog (spec 1 §2, spec 3 §2.16). */
export const geoMessages = {
  invalid: 'Endereço incompleto para localizar no mapa: informe ao menos a cidade e a UF ou o CEP',
  notFound: 'Endereço não localizado no mapa',
  unavailable: 'Serviço de localização indisponível no momento',
};

const text = (max: number) => safeText().trim().max(max).optional();

/**
 * GET geo/coordenadas: an address as query fields (what the member's address block holds). Either the city
 * and its UF or the CEP must be given; the rest narrows the search.
 */
export const geoAddressQuerySchema = z
  .object({
    logradouro: text(120),
    numero: text(20),
    bairro: text(80),
    cidade: text(80),
    uf: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((v) => v.toUpperCase())
      .optional(),
    cep: z
      .string()
      .regex(/^\d{8}$/)
      .optional(),
  })
  .refine((q) => (q.cidade && q.uf) || q.cep, { error: geoMessages.invalid });
export type GeoAddressQuery = z.infer<typeof geoAddressQuerySchema>;

/** Coordinates of an address; 'cidade' when only the city could be placed (the marker is approximate). */
export const geoCoordinatesSchema = z.object({
  lat: z.number(),
  lon: z.number(),
  precisao: z.enum(['endereco', 'cidade']),
});
export type GeoCoordinates = z.infer<typeof geoCoordinatesSchema>;

/** The tile server the map dialog draws with (MAP_TILE_URL) and the attribution it must show. */
export const mapSettingsSchema = z.object({
  tileUrl: z.string(),
  attribution: z.string(),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;

const tags = ['mapa'] as const;

/** The 'Mapa' dialog's calls (decision 11: external lookups go through our server, cached, with a timeout). */
export const geoContracts = {
  coordinates: defineContract({
    method: 'GET',
    path: '/geo/coordenadas',
    query: geoAddressQuerySchema,
    reply: geoCoordinatesSchema,
    access: { signedIn: true },
    summary:
      'Latitude e longitude de um endereço (serviço externo compatível com o Nominatim, MAP_GEOCODE_URL, com tempo limite e cache); 404 quando não localizado, 503 quando o serviço não responde',
    tags,
  }),
  settings: defineContract({
    method: 'GET',
    path: '/geo/mapa',
    reply: mapSettingsSchema,
    access: { signedIn: true },
    summary: 'Servidor de mapas (MAP_TILE_URL) e atribuição exigida, usados pela janela Mapa',
    tags,
  }),
};
