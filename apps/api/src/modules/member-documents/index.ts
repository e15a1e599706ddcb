import { memberDocumentItemSchema } from '@assoc/domain';
import { defineModule } from '../../lib/module.js';
import { defineSchedule } from '../jobs/jobs.define.js';
import { createMemberDocumentsRepository } from './member-documents.repository.js';
import routes from './member-documents.routes.js';
import { createMemberDocumentsService, DOCUMENT_OWNER_KIND, type MemberDocumentsService } from './member-documents.service.js';

declare module '../../lib/module.js' {
  interface AppServices {
    memberDocuments: MemberDocumentsService;
  }
}

const HOUR_MS = 3_600_000;

/**
 * The member's documents (issue 13, tab Documentos [8]): `POST user/doc` (scan upload into the file store),
 * `GET user/doc/{scanId or key}`, the child list `documentos` of the member save, and the hourly clean-up of
 * uploads never attached (a pg-boss schedule).
 */
export default defineModule({
  name: 'memberDocuments',
  needs: ['files', 'members'],
  setup(app, { services }) {
    const repo = createMemberDocumentsRepository();
    const service = createMemberDocumentsService({
      db: app.db,
      repo,
      files: services.files,
      uploadTtlMs: app.config.DOCUMENT_UPLOAD_TTL_HOURS * HOUR_MS,
      quota: {
        perMinute: app.config.DOCUMENT_UPLOAD_RATE_PER_MINUTE,
        pendingBytes: Math.floor(app.config.DOCUMENT_UPLOAD_PENDING_MB * 1_048_576),
      },
      log: app.log,
    });
    app.services.memberDocuments = service;
    services.files.ownerRule(DOCUMENT_OWNER_KIND, service.readRule);
    services.members.registerChildList({
      key: 'documentos',
      itemSchema: memberDocumentItemSchema,
      roles: { view: ['v2docview'], edit: ['v2docnew'] },
      load: (tx, cstId) => repo.load(tx, cstId),
      json: repo.json,
      apply: (tx, cstId, items, ctx) => service.apply(tx, cstId, items, ctx),
    });
  },
  // Hourly through pg-boss (one instance runs it; an occurrence missed while the app was down runs once at start).
  jobs: (app) => [defineSchedule({ name: 'member-documents-cleanup', cron: '37 * * * *', run: () => app.services.memberDocuments.cleanupQuietly() })],
  routes,
});
