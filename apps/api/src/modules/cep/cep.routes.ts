import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../lib/reply-schemas.js';
import { cepAddressSchema, cepMessages } from '@assoc/domain';
import { badRequest } from '../../lib/errors.js';
import { createCepClient } from './cep.client.js';
import { createCepRepository } from './cep.repository.js';
import { createCepService } from './cep.service.js';


/** Address by postal code through our server (decision 11), for every signed-in user. */
const cepRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCepService({
    repo: createCepRepository(app.db),
    client: createCepClient(app.config.CEP_URL),
    timeoutMs: app.config.CEP_TIMEOUT_MS,
    log: app.log,
  });

  app.get('/cep/:cep', {
    config: { roles: [] },
    schemaErrorFormatter: () => badRequest(cepMessages.invalid),
    schema: {
      tags: ['cep'],
      summary: 'Endereço do CEP (serviço externo compatível com ViaCEP, com tempo limite e cache)',
      params: z.object({ cep: z.string().regex(/^\d{8}$/, cepMessages.invalid) }),
      response: { 200: cepAddressSchema, 400: messageSchema, 404: messageSchema, 503: messageSchema },
    },
  }, async (request) => service.lookup(request.params.cep));
};

export default cepRoutes;
