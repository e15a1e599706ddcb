/**
 * The follow-up (atendimento) row (spec 2 §3): a child list of the member record (atendimentos, spec 1 §3) and
 * the row of /acompanhamento (spec 2 §2.9). atdData and atdCriadoPor are the server's (the time and the user of
 * the insert): a client's values are ignored. Type, department, subject and status come from the fixed lists.
 */
import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { recordVersion } from '../record-version.js';
import { crossFieldRules, safeText } from '../validation.js';
import { followUpDepartments, followUpStatuses, followUpSubjects, followUpTypes, subjectInDepartment } from './follow-up.lists.js';

/** Observação (atdTitulo): the spec gives no length; ours. */
export const FOLLOW_UP_TITLE_MAX = 200;

const oneOfList = (list: readonly { value: number }[]) =>
  z
    .number({ error: (i) => (i.input === undefined || i.input === null ? m.required : m.oneOf) })
    .int({ error: m.oneOf })
    .refine((v) => list.some((o) => o.value === v), m.oneOf);

/** The fields a user edits (the member's tab and the /acompanhamento modal). */
export const followUpFieldsShape = {
  atdTipo: oneOfList(followUpTypes),
  atdDepartamento: oneOfList(followUpDepartments),
  atdAssunto: oneOfList(followUpSubjects),
  atdTitulo: safeText({ error: m.required }).trim().min(1, m.required).max(FOLLOW_UP_TITLE_MAX, m.maxLength(FOLLOW_UP_TITLE_MAX)),
  atdStatus: oneOfList(followUpStatuses),
};

/** The subject must be one of the department's (spec 2 §3: department 1 has the subjects 5 to 17). */
const checkSubject = (v: { atdAssunto?: unknown; atdDepartamento?: unknown }, ctx: z.RefinementCtx) => {
  if (typeof v.atdAssunto === 'number' && typeof v.atdDepartamento === 'number' && !subjectInDepartment(v.atdAssunto, v.atdDepartamento))
    ctx.addIssue({ code: 'custom', path: ['atdAssunto'], message: m.oneOf });
};

/** The edit form's schema (and the body of PUT acompanhamento/{atdId} without its version). */
export const followUpFormSchema = z.object(followUpFieldsShape).superRefine(...crossFieldRules(checkSubject));
export type FollowUpFormValues = z.input<typeof followUpFormSchema>;

/** PUT acompanhamento/{atdId}: the whole record as the form edits it, with the version it read (decision 5). */
export const followUpUpdateSchema = z
  .object({
    ...followUpFieldsShape,
    version: z.number({ error: m.required }).int({ error: m.oneOf }).min(1, { error: m.oneOf }),
  })
  .superRefine(...crossFieldRules(checkSubject));
export type FollowUpUpdate = z.output<typeof followUpUpdateSchema>;

/** A row as the server reads it (GET acompanhamento/{status}, the member's atendimentos). */
export const followUpRecordSchema = z.object({
  atdId: z.number().int(),
  cstId: z.number().int(),
  /** ISO timestamp (shown in UTC, DD/MM/YYYY HH:mm:ss). */
  atdData: z.string(),
  atdTipo: z.number().int(),
  atdDepartamento: z.number().int(),
  atdAssunto: z.number().int(),
  /** The member's name. */
  custName: z.string(),
  atdTitulo: z.string(),
  atdCriadoPor: z.string(),
  atdStatus: z.number().int(),
  version: recordVersion(),
});
export type FollowUpRecord = z.output<typeof followUpRecordSchema>;

/**
 * A row of the member's atendimentos list (the save's item): the editable fields and the marker; atdId absent or
 * negative for a new row; atdData, atdCriadoPor and custName are read only (the server sets them); version is the
 * row's, checked on update and delete (409 when /acompanhamento changed the row since).
 */
export const followUpItemSchema = z
  .object({
    ...followUpFieldsShape,
    atdId: z.number().int().optional(),
    atdData: z.string().nullable().optional(),
    atdCriadoPor: z.string().nullable().optional(),
    custName: z.string().nullable().optional(),
    cstId: z.number().int().optional(),
    version: recordVersion().optional(),
    // The member schema's markers (childOperations), written here: member.schema.ts imports this file.
    operation: z.enum(['insert', 'update', 'delete', 'none'], { error: m.oneOf }),
  })
  .superRefine(...crossFieldRules(checkSubject));
export type FollowUpItem = z.output<typeof followUpItemSchema>;
export type FollowUpItemInput = z.input<typeof followUpItemSchema>;

/** A new row's values (added at the top; the server sets its time and user). */
export const newFollowUpItem = (): FollowUpItemInput => ({
  atdId: -Date.now(),
  atdTipo: 1,
  atdDepartamento: 1,
  atdAssunto: 5,
  atdTitulo: '',
  atdStatus: 1,
  atdData: null,
  atdCriadoPor: null,
  operation: 'insert',
});
