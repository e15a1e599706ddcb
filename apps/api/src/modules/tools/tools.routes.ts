import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../lib/reply-schemas.js';
import { TUTORIAL_FILE_NAME, totpConfirmSchema, totpSetupReplySchema, type Role } from '@assoc/domain';
import { totpSecretBox } from '../../lib/secret-box.js';
import { currentUser } from '../../plugins/app/auth.js';
import { createToolsRepository } from './tools.repository.js';
import { createToolsService } from './tools.service.js';
import { renderTutorial } from './tutorial.pdf.js';

/** Spec 3 §2.4: the user dropdown's Ferramentas and Baixar tutorial need v2menuusuario or v2access. */
const TOOLS_ROLES: Role[] = ['v2menuusuario', 'v2access'];

const toolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createToolsService({
    repo: createToolsRepository(app.db),
    config: app.config,
    box: totpSecretBox(app.config),
    endSessions: (sessionIds) => sessionIds.forEach((sessionId) => app.events.endSessions({ sessionId })),
  });
  // Secrets stored in clear text before issue 8 are sealed once the database is reachable, before any request.
  const sealed = await service.sealClearSecrets();
  if (sealed > 0) app.log.info({ sealed }, 'segredos TOTP em texto claro cifrados');

  app.get('/gettoken', {
    config: { roles: TOOLS_ROLES, xsrf: true },
    schema: {
      tags: ['ferramentas'],
      summary: 'Acesso externo: QR code de um novo segredo do autenticador (pendente até a confirmação)',
      response: { 200: totpSetupReplySchema },
    },
  }, async (request) => service.createSetup(currentUser(request)));

  app.post('/gettoken/confirm', {
    config: { roles: TOOLS_ROLES },
    schema: {
      tags: ['ferramentas'],
      summary: 'Acesso externo: com a senha atual (e o código atual, se já houver autenticador), ativa o novo segredo e encerra as outras sessões',
      body: totpConfirmSchema,
      response: { 200: z.object({ status: z.number(), message: z.string() }), 400: messageSchema, 401: messageSchema, 403: messageSchema },
    },
  }, async (request) => service.confirmSetup(currentUser(request), request.body, request.ip));

  app.get('/tutorial', {
    config: { roles: TOOLS_ROLES },
    schema: { tags: ['ferramentas'], summary: `Baixa o guia do usuário (${TUTORIAL_FILE_NAME})` },
  }, async (_request, reply) => {
    const pdf = await renderTutorial(app.config.ASSOCIATION_NAME);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${TUTORIAL_FILE_NAME}"`)
      .send(pdf);
  });
};

export default toolsRoutes;
