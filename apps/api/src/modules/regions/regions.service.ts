import { regionMessages, type CityOption, type Region, type RegionBody, type UfOption } from '@assoc/domain';
import type { Db, Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { createRegistryService } from '../registries/registry.service.js';
import { regionsRepository as repo } from './regions.repository.js';
import { regionsRegistry } from './regions.registry.js';

/**
 * The server's own checks of a region's cities (spec 3 §5; the body schema already refused an empty
 * list and a city given twice): every code is an IBGE municipality of the UF it is listed under.
 */
async function checkCities(tx: Executor, input: RegionBody) {
  const found = new Map(
    (
      await repo.municipios(
        tx,
        input.regioes.map((c) => c.regionId),
      )
    ).map((m) => [m.cityId, m]),
  );
  for (const city of input.regioes) {
    const municipio = found.get(city.regionId);
    if (!municipio) throw badRequest(regionMessages.unknownCity(city.regionId));
    if (municipio.uf !== city.uf) throw badRequest(regionMessages.wrongUf(municipio.cityName, city.uf));
  }
}

/** /regioes: the generic registry service with the cities as children, plus the reads of the modal. */
export function createRegionsService(db: Db) {
  const registry = createRegistryService(regionsRegistry, db, {
    children: {
      check: checkCities,
      save: (tx, regionId, input) =>
        repo.replaceCities(
          tx,
          regionId,
          input.regioes.map((c) => c.regionId),
        ),
      load: async (tx, regionId) => ({ regioes: await repo.cities(tx, regionId) }),
    },
  });

  return {
    list: registry.list,
    add: registry.add,
    update: registry.update,
    remove: registry.remove,

    /** GET regiao/{id}: a live region with its cities sorted by UF then city. */
    async get(regionId: number): Promise<Region> {
      const region = await repo.findLive(db, regionId);
      if (!region) throw notFound();
      return { ...region, regioes: await repo.cities(db, regionId) };
    },

    ufs: (): Promise<UfOption[]> => repo.ufs(db),

    /** GET regiao/cidades/{uf}: 404 for a UF that does not exist. */
    async citiesOf(uf: string): Promise<CityOption[]> {
      if (!(await repo.ufExists(db, uf))) throw notFound(regionMessages.unknownUf);
      return repo.citiesOf(db, uf);
    },
  };
}

export type RegionsService = ReturnType<typeof createRegionsService>;
