import type { FastifyInstance } from 'fastify';
import { serviceContracts } from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { defineRoutes } from '../../lib/define-route.js';
import type { ServicesService } from './services.service.js';

/**
 * The services screen's calls (spec 3 §7, serviceContracts): GET fornecedores; GET/PUT fornecedores/{supId};
 * POST fornecedores; GET produtos/all/{supId}; GET/PUT produtos/{sucId}; POST produtos/{supId}; GET
 * servicos/all/{sucId}; POST servicos/{sucId}; PUT servicos (key svcId in the body); DELETE
 * servicos/{svcId} (key appended). Writes go through the generic registry service (audit, soft delete).
 */
export function registerServiceRoutes(app: FastifyInstance, service: ServicesService) {
  const { suppliers, products, services } = service;
  defineRoutes(app, serviceContracts, {
    listSuppliers: async () => suppliers.items(),
    getSupplier: async (request) => suppliers.get(request.params.supId),
    addSupplier: async (request) => suppliers.add(request.body, actorOf(request)),
    updateSupplier: async (request) => {
      await suppliers.update(request.params.supId, request.body, request.body.version, actorOf(request));
    },
    listProducts: async (request) => products.listOf(request.params.supId),
    getProduct: async (request) => products.get(request.params.sucId),
    addProduct: async (request) => products.addTo(request.params.supId, request.body, actorOf(request)),
    updateProduct: async (request) => products.update(request.params.sucId, request.body, request.body.version, actorOf(request)),
    listServices: async (request) => services.listOf(request.params.sucId),
    addService: async (request) => services.addTo(request.params.sucId, request.body, actorOf(request)),
    updateService: async (request) => services.update(request.body.svcId, request.body, request.body.version, actorOf(request)),
    removeService: async (request) => services.remove(request.params.svcId, request.query.version, actorOf(request)),
  });
}
