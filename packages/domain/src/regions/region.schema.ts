/**
 * Regions (/regioes, spec 3 §2.14, §3, §5, §8): a name and a list of municipalities, kept sorted by
 * UF then city name. One form/body schema (the rules, used by the API and the modal form), the record
 * of GET regiao/{id}, the list item of the table, the options of the UF and city dropdowns, and the
 * pure list helpers both sides use.
 */
import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { loadedVersion, recordVersion } from '../record-version.js';
import { requiredText, safeText } from '../validation.js';

export const regionMessages = {
  emptyList: 'Lista deve conter pelo menos uma cidade',
  duplicateCity: 'Cidade já cadastrada na lista abaixo',
  duplicateName: 'Já existe uma região com este nome',
  unknownCity: (cityId: number) => `Cidade não encontrada (código ${cityId})`,
  wrongUf: (cidade: string, uf: string) => `A cidade ${cidade} não pertence à UF ${uf}`,
  unknownUf: 'UF não encontrada',
} as const;

export const regionLimits = { name: 64 } as const;
/** Spec 3 §9: default UF of the dropdown; height of the city list. */
export const REGION_DEFAULT_UF = 'SP';
export const REGION_CITY_LIST_HEIGHT = 500;

/** One city of a region. The spec names the city's IBGE code `regionId`. */
export const regionCitySchema = z.object({
  regionId: z.number({ error: m.required }).int({ error: m.oneOf }).positive({ error: m.oneOf }),
  uf: requiredText()
    .length(2, m.exactLength(2))
    .overwrite((v) => v.toUpperCase()),
  /** The city's name as shown; the server answers with the official name. */
  cidade: safeText().trim().max(64, m.maxLength(64)).default(''),
});
export type RegionCityInput = z.input<typeof regionCitySchema>;
export type RegionCity = z.output<typeof regionCitySchema>;

/** The first city id that appears twice in the list, if any. */
export function duplicateCityId(list: ReadonlyArray<{ regionId: number }>): number | undefined {
  const seen = new Set<number>();
  for (const city of list) {
    if (seen.has(city.regionId)) return city.regionId;
    seen.add(city.regionId);
  }
  return undefined;
}

export const regionSchema = z.object({
  regionId: z.number().int().default(-1),
  version: loadedVersion(),
  regionName: requiredText(2, regionLimits.name),
  regioes: z
    .array(regionCitySchema, { error: (issue) => (issue.input == null ? regionMessages.emptyList : m.oneOf) })
    .min(1, regionMessages.emptyList)
    .refine((list) => duplicateCityId(list) === undefined, regionMessages.duplicateCity),
});
export type RegionInput = z.input<typeof regionSchema>;
export type RegionBody = z.output<typeof regionSchema>;

/** GET regiao/{id} and the writes' reply: the region with its cities sorted by UF then city. */
export const regionRecordSchema = z.object({
  regionId: z.number().int(),
  regionName: z.string(),
  regioes: z.array(z.object({ regionId: z.number().int(), uf: z.string(), cidade: z.string() })),
  version: recordVersion(),
});
export type Region = z.infer<typeof regionRecordSchema>;

/** GET regiao: a row of the table. */
export const regionItemSchema = z.object({ regionId: z.number().int(), regionName: z.string(), version: recordVersion() });
export type RegionItem = z.infer<typeof regionItemSchema>;

/** GET regiao/uf: the UF dropdown. */
export const ufOptionSchema = z.object({ uf: z.string(), ufName: z.string() });
export type UfOption = z.infer<typeof ufOptionSchema>;

/** GET regiao/cidades/{uf}: the city dropdown. */
export const cityOptionSchema = z.object({ cityId: z.number().int(), cityName: z.string() });
export type CityOption = z.infer<typeof cityOptionSchema>;

/** New region (spec 3 §3): regionId -1, empty name, empty list. */
export const newRegionValues = (): { regionId: number; regionName: string; regioes: RegionCity[] } => ({
  regionId: -1,
  regionName: '',
  regioes: [],
});

/** Spec 3 §5 order: UF, then city name, in pt-BR collation. */
export function compareRegionCities(a: { uf: string; cidade: string }, b: { uf: string; cidade: string }): number {
  return a.uf.localeCompare(b.uf, 'pt-BR') || a.cidade.localeCompare(b.cidade, 'pt-BR');
}

/** A sorted copy of the list. */
export function sortRegionCities<C extends { uf: string; cidade: string }>(list: readonly C[]): C[] {
  return [...list].sort(compareRegionCities);
}

/**
 * Adds a city to the list, kept sorted; a city already there is refused with the spec's message
 * ('Cidade já cadastrada na lista abaixo') and the list is returned unchanged.
 */
export function addRegionCity<C extends { regionId: number; uf: string; cidade: string }>(
  list: readonly C[],
  city: C,
): { list: C[]; error?: string } {
  if (list.some((c) => c.regionId === city.regionId)) return { list: [...list], error: regionMessages.duplicateCity };
  return { list: sortRegionCities([...list, city]) };
}

/** How a city is shown in the list: "UF, city". */
export const regionCityLabel = (city: { uf: string; cidade: string }) => `${city.uf}, ${city.cidade}`;
