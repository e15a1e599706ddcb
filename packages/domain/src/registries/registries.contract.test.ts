import { describe, expect, it } from 'vitest';
import { regionContracts } from '../regions/regions.contract.js';
import type { RouteContract } from '../contract/route-contract.js';
import {
  assocCargoContracts,
  extratoGroupContracts,
  feriadoContracts,
  forumCargoContracts,
  templateContracts,
  terceiroContracts,
} from './registries.contract.js';
import { serviceContracts } from './services.contract.js';

const calls = (group: Record<string, RouteContract>) => Object.values(group).map((c) => `${c.method} ${c.path}`);

describe('registry contracts', () => {
  it('declare the four generic calls of each registry (spec 3 §7)', () => {
    expect(calls(feriadoContracts)).toEqual(['GET /feriados', 'POST /feriados', 'PUT /feriados/:id', 'DELETE /feriados/:id']);
    expect(calls(forumCargoContracts)).toEqual(['GET /forumcargos', 'POST /forumcargos', 'PUT /forumcargos/:id', 'DELETE /forumcargos/:id']);
    expect(calls(assocCargoContracts)).toEqual(['GET /assoccargos', 'POST /assoccargos', 'PUT /assoccargos/:id', 'DELETE /assoccargos/:id']);
    expect(calls(extratoGroupContracts)).toEqual(['GET /extratogroup', 'POST /extratogroup', 'PUT /extratogroup/:id', 'DELETE /extratogroup/:id']);
    expect(calls(templateContracts.whatsapp)).toEqual(['GET /whatsapp', 'POST /whatsapp', 'PUT /whatsapp/:id', 'DELETE /whatsapp/:id']);
    expect(calls(terceiroContracts)).toEqual([
      'GET /process/terceiros',
      'POST /process/terceiros',
      'PUT /process/terceiros/:id',
      'DELETE /process/terceiros/:id',
      'GET /process/terceiros/:terId/:terTipo/:document',
    ]);
  });

  it('name the version on PUT (body) and DELETE (?version=), and the screens whose roles open them', () => {
    expect(feriadoContracts.update.body.safeParse({ ferDia: '2030-12-25', ferDescricao: 'Natal' }).success).toBe(false);
    expect(feriadoContracts.update.body.safeParse({ ferDia: '2030-12-25', ferDescricao: 'Natal', version: 1 }).success).toBe(true);
    expect(feriadoContracts.remove.query.parse({ version: '3' })).toEqual({ version: 3 });
    expect(extratoGroupContracts.list.access).toEqual({ screens: ['/extratogroup', '/servico'] });
    expect(extratoGroupContracts.add.access).toEqual({ screens: ['/extratogroup'] });
    expect(feriadoContracts.list.summary).toBe('Lista de feriados');
  });

  it('keep the services screen calls of spec 3 §7', () => {
    expect(calls(serviceContracts)).toEqual([
      'GET /fornecedores',
      'GET /fornecedores/:supId',
      'POST /fornecedores',
      'PUT /fornecedores/:supId',
      'GET /produtos/all/:supId',
      'GET /produtos/:sucId',
      'POST /produtos/:supId',
      'PUT /produtos/:sucId',
      'GET /servicos/all/:sucId',
      'POST /servicos/:sucId',
      'PUT /servicos',
      'DELETE /servicos/:svcId',
    ]);
    expect(serviceContracts.updateSupplier.status).toBe(204);
    expect(serviceContracts.listProducts.access).toEqual({ screens: ['/servico', '/associado', '/devolucao'] });
    expect(serviceContracts.addProduct.access).toEqual({ screens: ['/servico'] });
  });

  it('keep the regions screen calls, the writes answering the region with its cities', () => {
    expect(calls(regionContracts)).toEqual([
      'GET /regiao',
      'POST /regiao',
      'PUT /regiao/:id',
      'DELETE /regiao/:id',
      'GET /regiao/uf',
      'GET /regiao/cidades/:uf',
      'GET /regiao/:id',
    ]);
    const region = { regionId: 1, regionName: 'Norte', version: 1 };
    expect(regionContracts.list.reply.safeParse([region]).success).toBe(true);
    expect(regionContracts.add.reply.safeParse(region).success).toBe(false);
    expect(regionContracts.add.reply.safeParse({ ...region, regioes: [] }).success).toBe(true);
  });
});
