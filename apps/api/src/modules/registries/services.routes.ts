import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { serviceMessages, supplierItemSchema, versionQuerySchema, withVersion } from '@assoc/domain';
import { products, services, suppliers } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { actorOf } from '../../lib/actor.js';
import { messageSchema } from '../../lib/reply-schemas.js';
import { menuRolesOf, screenAccess } from '../../lib/define-route.js';
import { createRegistryService } from './registry.service.js';
import { productsRegistry, servicesRegistry, suppliersRegistry } from './services.registry.js';

const id = z.coerce.number().int().min(1);

/**
 * The services screen's calls (spec 3 §7): GET fornecedores; GET/PUT fornecedores/{supId}; POST
 * fornecedores; GET produtos/all/{supId}; GET/PUT produtos/{sucId}; POST produtos/{supId}; GET
 * servicos/all/{sucId}; POST servicos/{sucId}; PUT servicos (key svcId in the body); DELETE
 * servicos/{svcId} (key appended). Writes go through the generic registry service (audit, soft delete).
 */
export function registerServiceRoutes(api: FastifyInstance) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const supplierService = createRegistryService(suppliersRegistry, db);
  const productService = createRegistryService(productsRegistry, db);
  const serviceService = createRegistryService(servicesRegistry, db);
  const { read: readScreens, write: writeScreens } = suppliersRegistry.screens;
  const read = { config: { roles: menuRolesOf(readScreens) }, onRequest: screenAccess(readScreens) };
  const write = { config: { roles: menuRolesOf(writeScreens) }, onRequest: screenAccess(writeScreens) };
  const tags = ['servicos'];
  const errors = { 400: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };

  async function liveSupplier(supId: number) {
    const [row] = await db.select().from(suppliers).where(and(eq(suppliers.supId, supId), isNull(suppliers.deletedAt)));
    if (!row) throw notFound(serviceMessages.supplierNotFound);
    return suppliersRegistry.toRecord(row);
  }
  async function liveProduct(sucId: number) {
    const [row] = await db.select().from(products).where(and(eq(products.sucId, sucId), isNull(products.deletedAt)));
    if (!row) throw notFound(serviceMessages.productNotFound);
    return productsRegistry.toRecord(row);
  }

  // Suppliers
  app.get('/fornecedores', {
    ...read, schema: { tags, summary: 'Lista de fornecedores (supId, supName, version)', response: { 200: z.array(supplierItemSchema) } },
  }, async () => db.select({ supId: suppliers.supId, supName: suppliers.supName, version: suppliers.version }).from(suppliers)
    .where(isNull(suppliers.deletedAt)).orderBy(sql`${suppliers.supName} collate pt_br`, suppliers.supId));

  app.get('/fornecedores/:supId', {
    ...read, schema: { tags, summary: 'Um fornecedor', params: z.object({ supId: id }), response: { 200: suppliersRegistry.record, ...errors } },
  }, async (request) => liveSupplier(request.params.supId));

  app.post('/fornecedores', {
    ...write, schema: { tags, summary: 'Adiciona fornecedor (200, o registro)', body: suppliersRegistry.body, response: { 200: suppliersRegistry.record, ...errors } },
  }, async (request) => supplierService.add(request.body, actorOf(request)));

  app.put('/fornecedores/:supId', {
    ...write,
    schema: {
      tags, summary: 'Altera fornecedor na versão lida (204; 409 se outro usuário alterou); num registro apagado, também o recupera',
      params: z.object({ supId: id }), body: withVersion(suppliersRegistry.body), response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    await supplierService.update(request.params.supId, request.body, request.body.version, actorOf(request));
    return reply.code(204).send(null);
  });

  // Products
  app.get('/produtos/all/:supId', {
    ...read, schema: { tags, summary: 'Produtos de um fornecedor', params: z.object({ supId: id }), response: { 200: z.array(productsRegistry.record) } },
  }, async (request) => (await db.select().from(products)
    .where(and(eq(products.supId, request.params.supId), isNull(products.deletedAt)))
    .orderBy(...productsRegistry.orderBy)).map(productsRegistry.toRecord));

  app.get('/produtos/:sucId', {
    ...read, schema: { tags, summary: 'Um produto', params: z.object({ sucId: id }), response: { 200: productsRegistry.record, ...errors } },
  }, async (request) => liveProduct(request.params.sucId));

  app.post('/produtos/:supId', {
    ...write,
    schema: {
      tags, summary: 'Adiciona produto ao fornecedor (200, o registro)', params: z.object({ supId: id }),
      body: productsRegistry.body, response: { 200: productsRegistry.record, ...errors },
    },
  }, async (request) => {
    await liveSupplier(request.params.supId);
    return productService.add(Object.assign({ supId: request.params.supId }, request.body), actorOf(request));
  });

  app.put('/produtos/:sucId', {
    ...write,
    schema: {
      tags, summary: 'Altera produto na versão lida (200, o registro; 409 se outro usuário alterou); num registro apagado, também o recupera',
      params: z.object({ sucId: id }), body: withVersion(productsRegistry.body), response: { 200: productsRegistry.record, ...errors },
    },
  }, async (request) => productService.update(request.params.sucId, request.body, request.body.version, actorOf(request)));

  // Services
  app.get('/servicos/all/:sucId', {
    ...read, schema: { tags, summary: 'Serviços de um produto', params: z.object({ sucId: id }), response: { 200: z.array(servicesRegistry.record) } },
  }, async (request) => (await db.select().from(services)
    .where(and(eq(services.sucId, request.params.sucId), isNull(services.deletedAt)))
    .orderBy(...servicesRegistry.orderBy)).map(servicesRegistry.toRecord));

  app.post('/servicos/:sucId', {
    ...write,
    schema: {
      tags, summary: 'Adiciona serviço ao produto (200, o registro)', params: z.object({ sucId: id }),
      body: servicesRegistry.body, response: { 200: servicesRegistry.record, ...errors },
    },
  }, async (request) => {
    await liveProduct(request.params.sucId);
    return serviceService.add(Object.assign({ sucId: request.params.sucId }, request.body), actorOf(request));
  });

  app.put('/servicos', {
    ...write,
    schema: {
      tags,
      summary: 'Altera serviço na versão lida; a chave svcId e a version vão no corpo (200, o registro; 409 se outro usuário alterou); num registro apagado, também o recupera',
      body: withVersion(servicesRegistry.body), response: { 200: servicesRegistry.record, ...errors },
    },
  }, async (request) => serviceService.update(request.body.svcId, request.body, request.body.version, actorOf(request)));

  app.delete('/servicos/:svcId', {
    ...write,
    schema: {
      tags,
      summary: 'Apaga serviço na versão lida; a chave svcId vai no caminho (DELETE servicos/{svcId}?version=); 200, o registro apagado (recuperável com PUT servicos); 409 se outro usuário alterou',
      params: z.object({ svcId: id }), querystring: versionQuerySchema, response: { 200: servicesRegistry.record, ...errors },
    },
  }, async (request) => serviceService.remove(request.params.svcId, request.query.version, actorOf(request)));
}
