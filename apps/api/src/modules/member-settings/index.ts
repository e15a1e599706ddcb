import { portalAccessItemSchema } from '@assoc/domain';
import { defineModule } from '../../lib/module.js';
import { createAccessAdminRepository } from '../access-admin/access-admin.repository.js';
import { createPasswordResetRepository } from '../password-reset/password-reset.repository.js';
import { createMemberSettingsRepository } from './member-settings.repository.js';
import { createMemberSettingsService, type MemberSettingsService } from './member-settings.service.js';
import routes from './member-settings.routes.js';

declare module '../../lib/module.js' {
  interface AppServices {
    memberSettings: MemberSettingsService;
  }
}

/**
 * The Configurações tab [10] (decision 20): the member's portal account as the one-row child list `portalAcesso`
 * of the member save (loaded with the member, applied in the save's transaction, in its audit), the profiles
 * dropdown and the first-access e-mail.
 */
export default defineModule({
  name: 'memberSettings',
  needs: ['members'],
  setup(app, { services }) {
    const repo = createMemberSettingsRepository();
    const service = createMemberSettingsService({
      db: app.db,
      repo,
      access: createAccessAdminRepository(),
      resets: createPasswordResetRepository(),
      config: app.config,
      endSessions: (userId) => app.events.endSessions({ userId }),
    });
    app.services.memberSettings = service;
    services.members.registerChildList({
      key: 'portalAcesso',
      itemSchema: portalAccessItemSchema,
      roles: { view: ['v2tabconfiguracao'], edit: ['v2tabconfiguracao'] },
      load: (tx, cstId) => repo.load(tx, cstId),
      json: repo.json,
      apply: (tx, cstId, items, ctx) => service.apply(tx, cstId, items, ctx),
    });
  },
  routes,
});
