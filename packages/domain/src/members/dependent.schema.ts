/**
 * A dependent of the member record (spec 1 §3 "Dependent": cstId, custName, custParentesco, custBirthdate,
 * custSex, custCpf, custPhoto, usuarioServicos, operation), a row of the member's `parentFilhos` child list,
 * with the rules of spec 1 §5 "Dependent".
 *
 * The rules apply to the rows the save writes (insert, update); a row marked none is sent as it was loaded
 * (a stored dependent without a CPF does not block the holder's save), and a row marked delete is checked
 * only against "Dependente possui serviços, não é possível apagar!" (its services not marked delete).
 *
 * The member schema builds the item with `dependentItemSchemaOf(memberServiceItemSchema)` (member.schema.ts
 * imports this file, so this file takes the service row's schema as an argument instead of importing it).
 */
import { z } from 'zod';
import { genericMessages as m } from '../messages.js';
import { cpfField, crossFieldRules, isoDateField, notAfterToday, safeText } from '../validation.js';
import { recordVersion } from '../record-version.js';
import { memberMessages as mm } from './member.messages.js';
import { dropUnmarkedRows } from './child-rows.js';

/** The association panel of the dependent modal (its roles: the association section's, spec 1 §6). */
export const dependentAssociationFields = ['custAssocCargo', 'custAssocCargo2', 'custAssocCargo3', 'custAssocCargo4'] as const;
/** The dependent's own fields the save writes (besides its services and photo). */
export const dependentDataFields = ['custName', 'custParentesco', 'custBirthdate', 'custSex', 'custCpf', ...dependentAssociationFields] as const;

const id = () => z.number({ error: m.oneOf }).int({ error: m.oneOf }).min(0, { error: m.oneOf });
const optionalId = () => id().nullable().optional();
const photoDataUrl = () =>
  safeText()
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, m.pattern)
    .nullable()
    .optional();

/** Which service rows count (the ones not marked delete). */
const liveServices = (items: readonly { operation?: string }[] | null | undefined) => (items ?? []).filter((i) => i.operation !== 'delete');

/** True when a dependent still holds services once the save is applied (spec 1 §5: it cannot be deleted). */
export const dependentHasLiveServices = (dependent: { usuarioServicos?: readonly { operation?: string }[] | null }) =>
  liveServices(dependent.usuarioServicos).length > 0;

/** Builds the dependent row's schema over the member service row's schema (member.schema.ts). */
export function dependentItemSchemaOf<S extends z.ZodType<{ operation: string }>>(serviceItem: S) {
  const common = {
    /** Absent or negative for a new dependent. */
    cstId: z.number().int().optional(),
    /** The stored photo's key (read only; none: the placeholder photo). */
    custPhotoKey: z.string().nullable().optional(),
    /** A new photo cropped on the screen, as a 'data:' URL (write only). */
    custPhoto: photoDataUrl(),
    custAssocCargo: optionalId(),
    custAssocCargo2: optionalId(),
    custAssocCargo3: optionalId(),
    custAssocCargo4: optionalId(),
    /**
     * Nested service rows without a marker are dropped by the one rule of child-rows.ts (as the member's own lists).
     * The function's parameter is the list's input type, so the schema's input keeps the service rows' fields (the
     * form's paths 'usuarioServicos.0.svcId'); it still runs on any value the body holds (a non-list is answered as it
     * is, for the array to refuse).
     */
    usuarioServicos: z.preprocess((rows: z.input<S>[]) => dropUnmarkedRows(rows), z.array(serviceItem)).optional(),
    version: recordVersion().optional(),
  };
  /** insert / update: every rule of spec 1 §5 "Dependent". */
  const written = z.object({
    ...common,
    custName: safeText({ error: m.required }).trim().min(1, m.required).min(5, m.minLength(5)).max(64, m.maxLength(64)),
    custParentesco: z.number({ error: m.required }).int({ error: m.oneOf }).min(1, m.oneOf),
    custBirthdate: isoDateField().refine(...notAfterToday()),
    /** Zero (male) counts as filled. */
    custSex: z.union([z.literal(0), z.literal(1)], { error: (i) => (i.input === undefined || i.input === null ? m.required : m.oneOf) }),
    custCpf: cpfField(),
    operation: z.enum(['insert', 'update'], { error: m.oneOf }),
  });
  /** none / delete: the row as loaded; a delete is refused while services not marked delete remain. */
  const kept = z
    .object({
      ...common,
      custName: z.string().nullable().optional(),
      custParentesco: z.number().int().nullable().optional(),
      custBirthdate: z.string().nullable().optional(),
      custSex: z.number().int().nullable().optional(),
      custCpf: z.string().nullable().optional(),
      operation: z.enum(['none', 'delete'], { error: m.oneOf }),
    })
    .superRefine(
      ...crossFieldRules((row: { operation: string; usuarioServicos?: readonly { operation?: string }[] | null }, ctx) => {
        if (row.operation === 'delete' && dependentHasLiveServices(row))
          ctx.addIssue({ code: 'custom', message: mm.dependentHasServices, path: ['operation'] });
      }),
    );
  return z.discriminatedUnion('operation', [written, kept], { error: m.oneOf });
}

export type DependentItemSchema<S extends z.ZodType<{ operation: string }>> = ReturnType<typeof dependentItemSchemaOf<S>>;

/** A new dependent as the "Adicionar dependente" modal starts it: the placeholder photo and no services. */
export function emptyDependent(cstId: number) {
  return {
    cstId,
    custName: '',
    custParentesco: null as number | null,
    custBirthdate: null as string | null,
    custSex: null as number | null,
    custCpf: '',
    custPhotoKey: null as string | null,
    custAssocCargo: null as number | null,
    custAssocCargo2: null as number | null,
    custAssocCargo3: null as number | null,
    custAssocCargo4: null as number | null,
    /** No services yet (an empty list fits any service row's type). */
    usuarioServicos: [],
    operation: 'insert' as const,
  };
}
