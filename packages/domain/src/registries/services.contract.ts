import { z } from 'zod';
import { defineContract } from '../contract/route-contract.js';
import { versionQuerySchema, withVersion } from '../record-version.js';
import {
  productRecordSchema,
  productSchema,
  serviceRecordSchema,
  serviceSchema,
  supplierItemSchema,
  supplierRecordSchema,
  supplierSchema,
} from './services.schema.js';

/**
 * The services screen (spec 3 §2.9): suppliers → products → services. Anyone with v2access reads them
 * (other screens use the pickers); /servico writes.
 */
const read = { screens: ['/servico', '/associado', '/devolucao'] } as const;
const write = { screens: ['/servico'] } as const;
const tags = ['servicos'] as const;
const id = z.coerce.number().int().min(1);

/**
 * The calls of a level nested in its parent (products of a supplier, services of a product):
 * GET {path}/all/:parentKey lists the parent's live records, POST {path}/:parentKey adds one to it.
 */
function childLevelContracts<const P extends string, const K extends string, B extends z.ZodType, R extends z.ZodType>(level: {
  path: P;
  parentKey: K;
  body: B;
  record: R;
  summaries: { list: string; add: string };
}) {
  const params = z.object({ [level.parentKey]: id } as Record<K, typeof id>);
  return {
    list: defineContract({
      method: 'GET',
      path: `/${level.path}/all/:${level.parentKey}` as `/${P}/all/:${K}`,
      params,
      reply: z.array(level.record),
      access: read,
      summary: level.summaries.list,
      tags,
    }),
    add: defineContract({
      method: 'POST',
      path: `/${level.path}/:${level.parentKey}` as `/${P}/:${K}`,
      params,
      body: level.body,
      reply: level.record,
      access: write,
      summary: level.summaries.add,
      tags,
    }),
  };
}

const products = childLevelContracts({
  path: 'produtos',
  parentKey: 'supId',
  body: productSchema,
  record: productRecordSchema,
  summaries: { list: 'Produtos de um fornecedor', add: 'Adiciona produto ao fornecedor (200, o registro)' },
});
const services = childLevelContracts({
  path: 'servicos',
  parentKey: 'sucId',
  body: serviceSchema,
  record: serviceRecordSchema,
  summaries: { list: 'Serviços de um produto', add: 'Adiciona serviço ao produto (200, o registro)' },
});

/**
 * The services screen's calls (spec 3 §7): GET fornecedores; GET/PUT fornecedores/{supId} (PUT 204);
 * POST fornecedores; GET produtos/all/{supId}; GET/PUT produtos/{sucId}; POST produtos/{supId}; GET
 * servicos/all/{sucId}; POST servicos/{sucId}; PUT servicos (key svcId in the body); DELETE
 * servicos/{svcId} (key appended).
 */
export const serviceContracts = {
  // Suppliers
  listSuppliers: defineContract({
    method: 'GET',
    path: '/fornecedores',
    reply: z.array(supplierItemSchema),
    access: read,
    summary: 'Lista de fornecedores (supId, supName, version)',
    tags,
  }),
  getSupplier: defineContract({
    method: 'GET',
    path: '/fornecedores/:supId',
    params: z.object({ supId: id }),
    reply: supplierRecordSchema,
    access: read,
    summary: 'Um fornecedor',
    tags,
  }),
  addSupplier: defineContract({
    method: 'POST',
    path: '/fornecedores',
    body: supplierSchema,
    reply: supplierRecordSchema,
    access: write,
    summary: 'Adiciona fornecedor (200, o registro)',
    tags,
  }),
  updateSupplier: defineContract({
    method: 'PUT',
    path: '/fornecedores/:supId',
    params: z.object({ supId: id }),
    body: withVersion(supplierSchema),
    reply: z.null(),
    status: 204,
    access: write,
    summary: 'Altera fornecedor na versão lida (204; 409 se outro usuário alterou); num registro apagado, também o recupera',
    tags,
  }),
  // Products
  listProducts: products.list,
  getProduct: defineContract({
    method: 'GET',
    path: '/produtos/:sucId',
    params: z.object({ sucId: id }),
    reply: productRecordSchema,
    access: read,
    summary: 'Um produto',
    tags,
  }),
  addProduct: products.add,
  updateProduct: defineContract({
    method: 'PUT',
    path: '/produtos/:sucId',
    params: z.object({ sucId: id }),
    body: withVersion(productSchema),
    reply: productRecordSchema,
    access: write,
    summary: 'Altera produto na versão lida (200, o registro; 409 se outro usuário alterou); num registro apagado, também o recupera',
    tags,
  }),
  // Services
  listServices: services.list,
  addService: services.add,
  updateService: defineContract({
    method: 'PUT',
    path: '/servicos',
    body: withVersion(serviceSchema),
    reply: serviceRecordSchema,
    access: write,
    summary:
      'Altera serviço na versão lida; a chave svcId e a version vão no corpo (200, o registro; 409 se outro usuário alterou); num registro apagado, também o recupera',
    tags,
  }),
  removeService: defineContract({
    method: 'DELETE',
    path: '/servicos/:svcId',
    params: z.object({ svcId: id }),
    query: versionQuerySchema,
    reply: serviceRecordSchema,
    access: write,
    summary:
      'Apaga serviço na versão lida; a chave svcId vai no caminho (DELETE servicos/{svcId}?version=); 200, o registro apagado (recuperável com PUT servicos); 409 se outro usuário alterou',
    tags,
  }),
};
