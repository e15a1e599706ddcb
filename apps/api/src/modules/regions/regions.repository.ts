import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CityOption, Region, UfOption } from '@assoc/domain';
import type { Executor } from '../../db/client.js';
import { ibgeMunicipios, ibgeUfs, regionCities, regions } from '../../db/schema/index.js';

/** SQL of the regions screen beyond the generic registry's: the city rows and the IBGE options. */
export const regionsRepository = {
  /** A live region (name and version). */
  async findLive(db: Executor, regionId: number) {
    const [row] = await db
      .select({ regionId: regions.regionId, regionName: regions.regionName, version: regions.version })
      .from(regions)
      .where(and(eq(regions.regionId, regionId), isNull(regions.deletedAt)));
    return row;
  },

  /** The cities of a region as the screen lists them: UF, then city name (pt-BR collation). */
  async cities(db: Executor, regionId: number): Promise<Region['regioes']> {
    return db
      .select({ regionId: ibgeMunicipios.cityId, uf: sql<string>`${ibgeMunicipios.uf}::text`, cidade: ibgeMunicipios.cityName })
      .from(regionCities)
      .innerJoin(ibgeMunicipios, eq(ibgeMunicipios.cityId, regionCities.cityId))
      .where(eq(regionCities.regionId, regionId))
      .orderBy(asc(ibgeMunicipios.uf), sql`${ibgeMunicipios.cityName} collate pt_br`, asc(ibgeMunicipios.cityId));
  },

  /** Replaces the city rows of a region. */
  async replaceCities(db: Executor, regionId: number, cityIds: readonly number[]) {
    await db.delete(regionCities).where(eq(regionCities.regionId, regionId));
    if (cityIds.length) await db.insert(regionCities).values(cityIds.map((cityId) => ({ regionId, cityId })));
  },

  /** The municipalities of these IBGE codes (unknown codes are simply absent). */
  async municipios(db: Executor, cityIds: readonly number[]) {
    if (!cityIds.length) return [];
    return db
      .select({ cityId: ibgeMunicipios.cityId, uf: sql<string>`${ibgeMunicipios.uf}::text`, cityName: ibgeMunicipios.cityName })
      .from(ibgeMunicipios)
      .where(inArray(ibgeMunicipios.cityId, [...cityIds]));
  },

  async ufs(db: Executor): Promise<UfOption[]> {
    return db
      .select({ uf: sql<string>`${ibgeUfs.uf}::text`, ufName: ibgeUfs.ufName })
      .from(ibgeUfs)
      .orderBy(asc(ibgeUfs.uf));
  },

  async ufExists(db: Executor, uf: string): Promise<boolean> {
    const [row] = await db.select({ uf: ibgeUfs.uf }).from(ibgeUfs).where(eq(ibgeUfs.uf, uf));
    return row !== undefined;
  },

  /** The municipalities of a UF, by name (pt-BR collation). */
  async citiesOf(db: Executor, uf: string): Promise<CityOption[]> {
    return db
      .select({ cityId: ibgeMunicipios.cityId, cityName: ibgeMunicipios.cityName })
      .from(ibgeMunicipios)
      .where(eq(ibgeMunicipios.uf, uf))
      .orderBy(sql`${ibgeMunicipios.cityName} collate pt_br`, asc(ibgeMunicipios.cityId));
  },
};
