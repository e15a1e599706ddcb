/**
 * The simple registries of spec 3 (§3 entities, §5 rules): message templates (SMS, WhatsApp, E-mail;
 * decision 16), statement groups, holidays, forum and association positions. Each has one form/body
 * schema (the rules, used by the API and the modal form) and one plain record schema (the list reply).
 */
import { z } from 'zod';
import { loadedVersion, recordVersion } from '../record-version.js';
import { intRange, isoDateField, requiredText } from '../validation.js';

/** Key of a record; new records carry the spec's default (-1 or 0) and the server assigns the key. */
const key = () => z.number().int();

// ---------------------------------------------------------------------------------------------
// Message templates: GET/POST/PUT/DELETE sms, whatsapp, email (same shape, key emID, new -1)
// ---------------------------------------------------------------------------------------------

export const templateChannels = ['sms', 'whatsapp', 'email'] as const;
export type TemplateChannel = (typeof templateChannels)[number];
export const templateChannelLabels: Record<TemplateChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp', email: 'E-mail' };

/** Input limits of the form (the rules may be tighter: description accepts typing up to 120, valid up to 80). */
export const templateLimits = { name: 32, description: 120, message: 240 } as const;

export const messageTemplateSchema = z.object({
  emID: key().default(-1),
  version: loadedVersion(),
  /** Forced to upper case (as typed, and again on the server). */
  emName: requiredText(2, 32).overwrite((v) => v.toUpperCase()),
  emDescription: requiredText(2, 80),
  emData: requiredText(3, 240),
});
export type MessageTemplateInput = z.input<typeof messageTemplateSchema>;

export const messageTemplateRecordSchema = z.object({
  emID: z.number().int(),
  emName: z.string(),
  emDescription: z.string(),
  emData: z.string(),
  /** How many times the template was used (campaigns, e-mails). */
  emUses: z.number().int(),
  lastModifiedDate: z.string().nullable(),
  version: recordVersion(),
});
export type MessageTemplate = z.infer<typeof messageTemplateRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Statement groups: extratogroup (key extgrpID, new -1)
// ---------------------------------------------------------------------------------------------

export const EXTRATO_GROUP_DEFAULT_SORT = 10;

export const extratoGroupSchema = z.object({
  extgrpID: key().default(-1),
  version: loadedVersion(),
  extgrpName: requiredText(5, 80),
  extgrpSort: intRange(1, 9999).default(EXTRATO_GROUP_DEFAULT_SORT),
  /**
   * Used as an IR group, a group of health plans (issue 22 item 2): only the services whose IR group has it go into
   * the informe de rendimentos (IRPF code 26) and the health declaration.
   */
  extgrpSaude: z.boolean().default(false),
});
export type ExtratoGroupInput = z.input<typeof extratoGroupSchema>;

export const extratoGroupRecordSchema = z.object({
  extgrpID: z.number().int(),
  extgrpName: z.string(),
  extgrpSort: z.number().int(),
  extgrpSaude: z.boolean(),
  version: recordVersion(),
});
export type ExtratoGroup = z.infer<typeof extratoGroupRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Holidays: feriados (key ferId)
// ---------------------------------------------------------------------------------------------

export const holidayLimits = { description: 120 } as const;

export const feriadoSchema = z.object({
  ferId: key().default(-1),
  version: loadedVersion(),
  /** 'YYYY-MM-DD'. */
  ferDia: isoDateField(),
  ferDescricao: requiredText(2, 80),
});
export type FeriadoInput = z.input<typeof feriadoSchema>;

export const feriadoRecordSchema = z.object({
  ferId: z.number().int(),
  ferDia: z.string(),
  ferDescricao: z.string(),
  version: recordVersion(),
});
export type Feriado = z.infer<typeof feriadoRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Positions: forumcargos (afcId) and assoccargos (aacId)
// ---------------------------------------------------------------------------------------------

export const forumCargoSchema = z.object({
  afcId: key().default(-1),
  version: loadedVersion(),
  afcCargo: requiredText(2, 64),
});
export type ForumCargoInput = z.input<typeof forumCargoSchema>;
export const forumCargoRecordSchema = z.object({ afcId: z.number().int(), afcCargo: z.string(), version: recordVersion() });
export type ForumCargo = z.infer<typeof forumCargoRecordSchema>;

export const assocCargoSchema = z.object({
  aacId: key().default(-1),
  version: loadedVersion(),
  aacCargo: requiredText(2, 120),
});
export type AssocCargoInput = z.input<typeof assocCargoSchema>;
export const assocCargoRecordSchema = z.object({ aacId: z.number().int(), aacCargo: z.string(), version: recordVersion() });
export type AssocCargo = z.infer<typeof assocCargoRecordSchema>;
