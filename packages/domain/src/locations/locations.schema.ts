/**
 * The location hierarchy of /localizacao (spec 3 §2.12, §3, §5): circunscrição → comarca → fórum →
 * local. One form/body schema per level (the rules with their pt-BR messages, used by the API and the
 * modal forms) and one plain record schema (the replies). Coordinators (titular, adjunto) are member
 * ids; setting one on a circunscrição, comarca or fórum applies it to every local beneath.
 */
import { z } from 'zod';
import { onlyDigits } from '../format.js';
import { genericMessages as m } from '../messages.js';
import { loadedVersion, recordVersion } from '../record-version.js';
import { cepField, crossFieldRules, optionalText, requiredText, safeText } from '../validation.js';

export const locationMessages = {
  circunscricaoNotFound: 'Circunscrição não encontrada',
  comarcaNotFound: 'Comarca não encontrada',
  forumNotFound: 'Fórum não encontrado',
  localNotFound: 'Local não encontrado',
  rajNotFound: 'Região (RAJ) não encontrada',
  coordinatorNotFound: 'Coordenador não encontrado entre os magistrados titulares',
  /** Spec 3 §8, the coordinator dialog. */
  coordinatorTitle: 'Coordenador detectado',
  coordinatorQuestion: 'Foi informado um coordenador titular e/ou adjunto. Todos os locais serão alterados. Concorda?',
  coordinatorConfirm: 'SIM',
  coordinatorCancel: 'Cancelar',
} as const;

/**
 * Input limits of the form fields (what can be typed); the rules may be tighter (a forum name accepts
 * typing up to 64 characters but is valid up to 50; a building name accepts 100 but is valid up to 80).
 */
export const locationLimits = {
  cirNome: 64,
  cirRegional: 64,
  comNome: 64,
  forNome: 64,
  forShort: 64,
  forAddress: 80,
  forNumber: 20,
  forComplement: 20,
  forCity: 32,
  forState: 2,
  locNome: 64,
  predioNome: 100,
  ddd: 2,
  phone: 9,
  extension: 5,
} as const;

/** Editor modes of the location modals (spec 3 §4): 1 edit, 2 add. */
export const locationEditorModes = { edit: 1, add: 2 } as const;
export type LocationEditorMode = (typeof locationEditorModes)[keyof typeof locationEditorModes];

// ---------------------------------------------------------------------------------------------
// Field builders
// ---------------------------------------------------------------------------------------------

/** A member id of a coordinator; empty means none. */
const coordinator = () => z.number({ error: m.oneOf }).int({ error: m.oneOf }).positive({ error: m.oneOf }).nullish();

/** Area code: two digits, or empty. */
const ddd = () =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, m.digitsOnly)
    .refine((v) => v === '' || v.length === 2, m.exactLength(2))
    .nullish();

/** Phone number: 8 or 9 digits (typing punctuation accepted, stored as digits), or empty. */
const phoneNumber = () =>
  z
    .string()
    .trim()
    .regex(/^[\d\s.\-()]*$/, m.digitsOnly)
    .overwrite(onlyDigits)
    .refine((v) => v === '' || v.length >= 8, m.minLength(8))
    .refine((v) => v.length <= 9, m.maxLength(9))
    .nullish();

/** Extension (ramal): digits, at most 5. */
const extension = () => z.string().trim().regex(/^\d*$/, m.digitsOnly).max(locationLimits.extension, m.maxLength(locationLimits.extension)).nullish();

/** A number needs its area code and an area code needs its number. */
function phonePairs(pairs: ReadonlyArray<readonly [ddd: string, number: string]>) {
  return (data: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [dddKey, numberKey] of pairs) {
      const area = data[dddKey];
      const number = data[numberKey];
      if (number && !area) ctx.addIssue({ code: 'custom', message: m.required, path: [dddKey], input: area });
      if (area && !number) ctx.addIssue({ code: 'custom', message: m.required, path: [numberKey], input: number });
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Circunscrição: GET/POST circunscricao, GET/PUT circunscricao/{cirId}
// ---------------------------------------------------------------------------------------------

export const circunscricaoSchema = z.object({
  cirId: z.number().int().default(0),
  version: loadedVersion(),
  cirNome: requiredText(3, 50),
  cirRegional: requiredText(3, 50),
  /** Região administrativa judiciária: one of the regions (rajs). */
  cirRaj: z.number({ error: m.oneOf }).int({ error: m.oneOf }).positive({ error: m.oneOf }).nullish(),
  corTitular: coordinator(),
  corAdjunto: coordinator(),
});
export type CircunscricaoInput = z.input<typeof circunscricaoSchema>;

/** What every level's record says of its coordinators: the ids and, read-only, the members' names. */
const coordinatorRecord = {
  /** Every level's record carries its version too (decision 5). */
  version: recordVersion(),
  corTitular: z.number().int().nullable(),
  corAdjunto: z.number().int().nullable(),
  titularName: z.string().nullable(),
  adjuntoName: z.string().nullable(),
};

export const circunscricaoRecordSchema = z.object({
  cirId: z.number().int(),
  cirNome: z.string(),
  cirRegional: z.string(),
  cirRaj: z.number().int().nullable(),
  ...coordinatorRecord,
});
export type Circunscricao = z.infer<typeof circunscricaoRecordSchema>;

/** A RAJ choice of the circunscrição form: a live region. */
export const rajOptionSchema = z.object({ regionId: z.number().int(), regionName: z.string() });
export type RajOption = z.infer<typeof rajOptionSchema>;

/** GET circunscricao: the list and the RAJ choices. */
export const circunscricaoListSchema = z.object({ cirs: z.array(circunscricaoRecordSchema), rajs: z.array(rajOptionSchema) });
export type CircunscricaoList = z.infer<typeof circunscricaoListSchema>;

// ---------------------------------------------------------------------------------------------
// Comarca: GET comarcas/all/{cirId}, GET/PUT comarcas/{comId}, POST comarcas/{cirId}
// ---------------------------------------------------------------------------------------------

export const comarcaSchema = z.object({
  comId: z.number().int().default(0),
  version: loadedVersion(),
  comNome: requiredText(3, 64),
  corTitular: coordinator(),
  corAdjunto: coordinator(),
});
export type ComarcaInput = z.input<typeof comarcaSchema>;

export const comarcaRecordSchema = z.object({
  comId: z.number().int(),
  cirId: z.number().int(),
  comNome: z.string(),
  ...coordinatorRecord,
});
export type Comarca = z.infer<typeof comarcaRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Fórum: GET forums/all/{comId}, GET/PUT forums/{apfId}, POST forums/{comId}
// ---------------------------------------------------------------------------------------------

export const forumSchema = z
  .object({
    apfId: z.number().int().default(0),
    version: loadedVersion(),
    forNome: requiredText(3, 50),
    forShort: requiredText(3, 50),
    /** CEP: 8 digits (the dash accepted), or empty. */
    forZipcode: cepField({ required: false }),
    forAddress: optionalText(80),
    forNumber: optionalText(20),
    forComplement: optionalText(20),
    forCity: optionalText(32),
    forState: optionalText(2).overwrite((v) => (typeof v === 'string' ? v.toUpperCase() : v)),
    forPhoneDdd1: ddd(),
    apfPhone1: phoneNumber(),
    forPhoneDdd2: ddd(),
    forPhone2: phoneNumber(),
    corTitular: coordinator(),
    corAdjunto: coordinator(),
  })
  .superRefine(
    ...crossFieldRules(
      phonePairs([
        ['forPhoneDdd1', 'apfPhone1'],
        ['forPhoneDdd2', 'forPhone2'],
      ]),
    ),
  );
export type ForumInput = z.input<typeof forumSchema>;

export const forumRecordSchema = z.object({
  apfId: z.number().int(),
  comId: z.number().int(),
  forNome: z.string(),
  forShort: z.string(),
  forZipcode: z.string().nullable(),
  forAddress: z.string().nullable(),
  forNumber: z.string().nullable(),
  forComplement: z.string().nullable(),
  forCity: z.string().nullable(),
  forState: z.string().nullable(),
  forPhoneDdd1: z.string().nullable(),
  apfPhone1: z.string().nullable(),
  forPhoneDdd2: z.string().nullable(),
  forPhone2: z.string().nullable(),
  ...coordinatorRecord,
});
export type Forum = z.infer<typeof forumRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Local: GET local/id/{apfId}/{refreshCounter}, POST local/{apfId}, PUT local (key in the body),
// DELETE local/{locId}
// ---------------------------------------------------------------------------------------------

export const localSchema = z
  .object({
    locId: z.number().int().default(0),
    version: loadedVersion(),
    locNome: requiredText(3, 80),
    predioNome: requiredText(3, 80),
    locPhone1Ddd: ddd(),
    locPhone1: phoneNumber(),
    locPhone1Ext: extension(),
    locPhone2Ddd: ddd(),
    locPhone2: phoneNumber(),
    locPhone2Ext: extension(),
    locFaxDdd: ddd(),
    locFax: phoneNumber(),
  })
  .superRefine(
    ...crossFieldRules(
      phonePairs([
        ['locPhone1Ddd', 'locPhone1'],
        ['locPhone2Ddd', 'locPhone2'],
        ['locFaxDdd', 'locFax'],
      ]),
    ),
  );
export type LocalInput = z.input<typeof localSchema>;

export const localRecordSchema = z.object({
  locId: z.number().int(),
  apfId: z.number().int(),
  locNome: z.string(),
  predioNome: z.string(),
  locPhone1Ddd: z.string().nullable(),
  locPhone1: z.string().nullable(),
  locPhone1Ext: z.string().nullable(),
  locPhone2Ddd: z.string().nullable(),
  locPhone2: z.string().nullable(),
  locPhone2Ext: z.string().nullable(),
  locFaxDdd: z.string().nullable(),
  locFax: z.string().nullable(),
  ...coordinatorRecord,
});
export type Local = z.infer<typeof localRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Coordinators: GET coordenadores?q= (the choices of the coordinator pickers)
// ---------------------------------------------------------------------------------------------

/** How many choices the coordinator search answers at most. */
export const COORDINATOR_SEARCH_LIMIT = 20;

export const coordinatorQuerySchema = z.object({ q: safeText().trim().max(64, m.maxLength(64)).optional() });

/** A holder magistrate (status M, N, H or J) who may coordinate a location. */
export const coordinatorOptionSchema = z.object({ cstId: z.number().int(), custName: z.string() });
export type CoordinatorOption = z.infer<typeof coordinatorOptionSchema>;
