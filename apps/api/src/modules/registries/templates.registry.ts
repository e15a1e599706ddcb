import { sql } from 'drizzle-orm';
import { messageTemplateRecordSchema, messageTemplateSchema, registryMessages, templateContracts, type TemplateChannel } from '@assoc/domain';
import { messageTemplates } from '../../db/schema/index.js';
import { defineRegistry } from './registry.types.js';

function templateRegistry(channel: TemplateChannel) {
  return defineRegistry({
    contracts: templateContracts[channel],
    category: `templates:${channel}`,
    table: messageTemplates,
    key: messageTemplates.emID,
    deletedAt: messageTemplates.deletedAt,
    version: messageTemplates.version,
    keyField: 'emID',
    scope: { column: messageTemplates.channel, value: channel },
    body: messageTemplateSchema,
    record: messageTemplateRecordSchema,
    orderBy: [messageTemplates.emName],
    unique: [
      { matches: (input) => sql`upper(${messageTemplates.emName}) = ${input.emName.toUpperCase()}`, message: registryMessages.duplicateTemplate },
    ],
    toRow: (input) => ({ emName: input.emName, emDescription: input.emDescription, emData: input.emData, lastModifiedDate: new Date() }),
    toRecord: (row) => ({
      emID: row.emID as number,
      emName: row.emName as string,
      emDescription: row.emDescription as string,
      emData: row.emData as string,
      emUses: row.emUses as number,
      lastModifiedDate: row.lastModifiedDate instanceof Date ? row.lastModifiedDate.toISOString() : null,
      version: row.version as number,
    }),
  });
}

/** Message templates (spec 3 §2.6, decision 16): sms, whatsapp and email, same shape, one table. */
export const templateRegistries = {
  sms: templateRegistry('sms'),
  whatsapp: templateRegistry('whatsapp'),
  email: templateRegistry('email'),
} satisfies Record<TemplateChannel, unknown>;
