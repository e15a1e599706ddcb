import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  profileFormSchema, profileRecordSchema, roleCatalogueList, roleCatalogueReplySchema, userFormSchema, userRecordSchema, type Role,
} from '@assoc/domain';
import { actorOf } from '../../lib/actor.js';
import { messageSchema } from '../../lib/reply-schemas.js';
import { createAccessAdminRepository } from './access-admin.repository.js';
import { createAccessAdminService } from './access-admin.service.js';

/** Decision 2: Avançado → Acessos is for superadmins only (every call). */
const SUPERADMIN: Role[] = ['superadmin'];
const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };
const tags = ['acessos'];

const accessAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAccessAdminService(app.db, createAccessAdminRepository());
  const config = { roles: SUPERADMIN };
  const permParams = z.object({ permId: z.coerce.number().int().min(1) });
  const userParams = z.object({ userId: z.coerce.number().int().min(1) });

  app.get('/roles', {
    config,
    schema: { tags, summary: 'Catálogo de papéis com a descrição de cada um', response: { 200: roleCatalogueReplySchema, 401: messageSchema, 403: messageSchema } },
  }, async () => roleCatalogueList());

  app.get('/acessos/perfis', {
    config,
    schema: { tags, summary: 'Perfis de permissão com seus papéis e quantos usuários os usam', response: { 200: z.array(profileRecordSchema), 401: messageSchema, 403: messageSchema } },
  }, async () => service.listProfiles());

  app.post('/acessos/perfis', {
    config,
    schema: { tags, summary: 'Cria um perfil (papéis só do catálogo)', body: profileFormSchema, response: { 200: profileRecordSchema, ...errors } },
  }, async (request) => service.addProfile(request.body, actorOf(request)));

  app.put('/acessos/perfis/:permId', {
    config,
    schema: { tags, summary: 'Altera nome, descrição e papéis de um perfil', params: permParams, body: profileFormSchema, response: { 200: profileRecordSchema, ...errors } },
  }, async (request) => service.updateProfile(request.params.permId, request.body, actorOf(request)));

  app.delete('/acessos/perfis/:permId', {
    config,
    schema: { tags, summary: 'Apaga um perfil (409 enquanto houver usuários com ele)', params: permParams, response: { 200: profileRecordSchema, ...errors } },
  }, async (request) => service.removeProfile(request.params.permId, actorOf(request)));

  app.get('/acessos/usuarios', {
    config,
    schema: { tags, summary: 'Usuários: CPF, nome, e-mail, perfil, papéis extras, acesso externo, ativo, autenticador', response: { 200: z.array(userRecordSchema), 401: messageSchema, 403: messageSchema } },
  }, async () => service.listUsers());

  app.post('/acessos/usuarios', {
    config,
    schema: {
      tags, summary: 'Cria um usuário sem senha utilizável (ele usa "Primeiro acesso / Esqueci minha senha")',
      body: userFormSchema, response: { 200: userRecordSchema, ...errors },
    },
  }, async (request) => service.addUser(request.body, actorOf(request)));

  app.put('/acessos/usuarios/:userId', {
    config,
    schema: {
      tags, summary: 'Altera um usuário; vale na próxima requisição dele; desativar encerra as sessões',
      params: userParams, body: userFormSchema, response: { 200: userRecordSchema, ...errors },
    },
  }, async (request) => {
    const user = await service.updateUser(request.params.userId, request.body, actorOf(request));
    // A deactivated user's open sockets close too, on every instance.
    if (!user.active) app.events.endSessions({ userId: request.params.userId });
    return user;
  });

  app.post('/acessos/usuarios/:userId/limpar-autenticador', {
    config,
    schema: { tags, summary: 'Remove o autenticador (segredo TOTP) do usuário', params: userParams, response: { 200: userRecordSchema, ...errors } },
  }, async (request) => service.clearAuthenticator(request.params.userId, actorOf(request)));
};

export default accessAdminRoutes;
