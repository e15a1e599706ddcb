import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { registryContracts, registryIdParamsSchema } from '../registries/registry.contract.js';
import { cityOptionSchema, regionItemSchema, regionRecordSchema, regionSchema, ufOptionSchema } from './region.schema.js';

const screens = { read: ['/regioes'], write: ['/regioes'] } as const;
const read = { screens: screens.read } as const;
const tags = ['regioes'] as const;

/**
 * The regions screen (spec 3 §7): the generic table on base regiao (GET regiao; POST regiao 200; PUT and
 * DELETE regiao/{id} 200, the region with its cities), GET regiao/{id} (the region with its cities) and the
 * options GET regiao/uf and GET regiao/cidades/{uf}. The static paths win over regiao/:id in Fastify's router.
 */
export const regionContracts = {
  ...registryContracts({
    path: 'regiao',
    noun: 'região',
    tag: 'regioes',
    record: regionItemSchema,
    written: regionRecordSchema,
    body: regionSchema,
    screens,
    summaries: {
      list: 'Lista de regiões (regionId, regionName), por nome',
      add: 'Adiciona região (200, o registro com as cidades)',
      update:
        'Altera região na versão lida (409 se outro usuário alterou) e substitui as suas cidades (200, o registro); numa região apagada, também a recupera',
      remove: 'Apaga região na versão lida (?version=; 409 se outro usuário alterou; recuperável com PUT; 200, o registro apagado)',
    },
  }),
  ufs: defineContract({
    method: 'GET',
    path: '/regiao/uf',
    reply: z.array(ufOptionSchema),
    access: read,
    summary: 'Opções de UF (uf, ufName), por sigla',
    tags,
  }),
  cities: defineContract({
    method: 'GET',
    path: '/regiao/cidades/:uf',
    params: z.object({ uf: z.string().trim().length(2).toUpperCase() }),
    reply: z.array(cityOptionSchema),
    access: read,
    summary: 'Opções de cidade da UF (cityId = código IBGE, cityName), por nome; UF inexistente responde 404',
    tags,
  }),
  get: defineContract({
    method: 'GET',
    path: '/regiao/:id',
    params: registryIdParamsSchema,
    reply: regionRecordSchema,
    access: read,
    summary: 'Uma região com as suas cidades (por UF e cidade)',
    tags,
  }),
};
