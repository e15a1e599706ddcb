import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { regionCities, regions } from '../schema/index.js';

/**
 * Demo regions (/regioes): the administrative judicial regions (RAJ) of São Paulo state, with some of
 * their municipalities (IBGE codes), plus one region of another state. The circunscrições of the
 * location seed take these as their RAJ, so it runs first.
 */
export const demoRegions: ReadonlyArray<{ regionName: string; cityIds: readonly number[] }> = [
  // São Paulo, Guarulhos, Osasco, Santo André, São Bernardo do Campo, Mogi das Cruzes
  { regionName: '1ª RAJ - Grande São Paulo', cityIds: [3550308, 3518800, 3534401, 3547809, 3548708, 3530607] },
  // Araçatuba, Birigui, Penápolis
  { regionName: '2ª RAJ - Araçatuba', cityIds: [3502804, 3506508, 3537305] },
  // Bauru, Jaú, Botucatu
  { regionName: '3ª RAJ - Bauru', cityIds: [3506003, 3525300, 3507506] },
  // Campinas, Jundiaí, Piracicaba, Limeira, Americana
  { regionName: '4ª RAJ - Campinas', cityIds: [3509502, 3525904, 3538709, 3526902, 3501608] },
  // Presidente Prudente, Assis
  { regionName: '5ª RAJ - Presidente Prudente', cityIds: [3541406, 3504008] },
  // Ribeirão Preto, Franca, Araraquara
  { regionName: '6ª RAJ - Ribeirão Preto', cityIds: [3543402, 3516200, 3503208] },
  // Santos, São Vicente, Guarujá, Praia Grande
  { regionName: '7ª RAJ - Santos', cityIds: [3548500, 3551009, 3518701, 3541000] },
  // São José do Rio Preto, Catanduva
  { regionName: '8ª RAJ - São José do Rio Preto', cityIds: [3549805, 3511102] },
  // São José dos Campos, Taubaté, Jacareí
  { regionName: '9ª RAJ - São José dos Campos', cityIds: [3549904, 3554102, 3524402] },
  // Sorocaba, Itu, Votorantim
  { regionName: '10ª RAJ - Sorocaba', cityIds: [3552205, 3523909, 3557006] },
  // Rio de Janeiro, Niterói, Duque de Caxias, Nova Iguaçu, São Gonçalo
  { regionName: 'Região Metropolitana do Rio de Janeiro', cityIds: [3304557, 3303302, 3301702, 3303500, 3304904] },
];

/**
 * Writes the demo regions and answers their ids by name. Re-seed safe without a truncate (the
 * circunscrições point at the regions): a live region of the same name (any case) is updated and
 * its cities replaced; regions created by users are left alone.
 */
export async function seedRegions(db: Db): Promise<Map<string, number>> {
  return db.transaction(async (tx) => {
    const ids = new Map<string, number>();
    for (const { regionName, cityIds } of demoRegions) {
      const [live] = await tx
        .select({ regionId: regions.regionId })
        .from(regions)
        .where(and(isNull(regions.deletedAt), sql`lower(${regions.regionName}) = lower(${regionName})`));
      const regionId = live
        ? (await tx.update(regions).set({ regionName }).where(eq(regions.regionId, live.regionId)).returning())[0]!.regionId
        : (await tx.insert(regions).values({ regionName }).returning())[0]!.regionId;
      await tx.delete(regionCities).where(eq(regionCities.regionId, regionId));
      await tx.insert(regionCities).values(cityIds.map((cityId) => ({ regionId, cityId })));
      ids.set(regionName, regionId);
    }
    return ids;
  });
}
