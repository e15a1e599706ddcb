/**
 * The member record (spec 1 §3 "Member", "Address", "Bank account"): one zod schema for the web form and the
 * server's save, with every rule of spec 1 §5 "Member" and "Bank rules" at its field's path
 * (`enderecoResidencial.adZipcode`, `bankAccount.bnkaccAccount`, `custAssocCargo2`…).
 *
 * Sections the user may not view are left out of the reply (decision 1), so every key is optional: an absent
 * key is "not sent" (the server keeps the stored value), and a rule whose fields are absent is not checked
 * here (the server checks the merged record again). Empty text is '' or null; dates are ISO 'YYYY-MM-DD' or null.
 */
import { z } from 'zod';
import { dateMessages, genericMessages as m } from '../messages.js';
import { hasDeathDate, isActiveMagistrate, isoDateInAppZone, isValidIsoDate } from '../format.js';
import { cpfField, crossFieldRules, emailField, isoDateField, notAfterToday, optionalText, safeText } from '../validation.js';
import { loadedVersion, recordVersion } from '../record-version.js';
import { FEE_PRODUCT_SUC_ID, FUNDO_DE_PECULIO_SVC_ID } from '../registries/services.schema.js';
import { bankAccountIssues, ASSOCIATION_PAYROLL } from './bank-rules.js';
import { memberMessages as mm } from './member.messages.js';
import { memberDocumentItemSchema } from './member-document.schema.js';
import { followUpItemSchema } from '../follow-up/follow-up.schema.js';
import { portalAccessItemSchema } from './member-settings.js';
import { memberServiceMessages, pluginIssues } from './member-service.schema.js';
import { dependentItemSchemaOf } from './dependent.schema.js';
import { childItem, dropUnmarkedInLists } from './child-rows.js';
import { ressarcimentoItemSchema } from '../reimbursements/reimbursement.schema.js';
import { chargeItemSchema } from '../billing/charge.schema.js';

// ---------------------------------------------------------------------------------------------
// Child lists (spec 1 §4 "Child rows")

/** Child list keys of spec 1 §3 (each later tab registers its list with the save on the server). */
export const memberChildListKeys = [
  'parentFilhos',
  'usuarioServicos',
  'documentos',
  'atendimentos',
  'cobrancas',
  'ressarcimentos',
  // Configurações tab: the member's portal access (one row; member-settings.ts).
  'portalAcesso',
] as const;
export type MemberChildListKey = (typeof memberChildListKeys)[number];

/**
 * Drops the rows the client did not mark (no marker, null, '' or '-') from every child list of a body, also a
 * dependent's services (child-rows.ts: the one rule, shared with the web). Used by the server before validation.
 */
export const dropUnmarkedItems = <T>(body: T): T => dropUnmarkedInLists(body, memberChildListKeys);

/** Which rows count (spec 1 §5: rows marked delete do not). */
export const liveItems = <T extends { operation?: string }>(items: readonly T[] | undefined | null): T[] =>
  (items ?? []).filter((i) => i.operation !== 'delete');

// ---------------------------------------------------------------------------------------------
// Field builders

const id = () => z.number({ error: m.oneOf }).int({ error: m.oneOf }).min(0, { error: m.oneOf });
const optionalId = () => id().nullable().optional();
/** An optional ISO date ('' and null mean none); `notFuture`: not after today (issue 22 item 20). */
const optionalDate = ({ notFuture = false } = {}) => {
  const date = safeText().refine((v) => v === '' || isValidIsoDate(v), m.pattern);
  return (notFuture ? date.refine(...notAfterToday()) : date).nullable().optional();
};
const digitsText = (max: number) => safeText().trim().regex(/^\d*$/, m.digitsOnly).max(max, m.maxLength(max)).nullable().optional();
/** A required field that may be absent (section not sent) but not null or empty when sent. */
const requiredWhenSent = <S extends z.ZodType>(schema: S) =>
  schema
    .nullable()
    .optional()
    .refine((v) => v !== null, m.required);
const filled = (v: string | null | undefined) => v !== undefined && v !== null && v.trim() !== '';

type Ctx = z.RefinementCtx;

const issue = (ctx: Ctx, path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', message, path });

/** A phone pair (DDD + number): each needs the other; DDD 2 digits; number 8 or 9 digits (spec 1 §5). */
function checkPhone(
  ctx: Ctx,
  prefix: (string | number)[],
  dddKey: string,
  phoneKey: string,
  ddd: string | null | undefined,
  phone: string | null | undefined,
) {
  if (filled(ddd) && !filled(phone)) issue(ctx, [...prefix, phoneKey], m.required);
  if (filled(phone) && !filled(ddd)) issue(ctx, [...prefix, dddKey], m.required);
  if (filled(ddd) && ddd!.trim().length !== 2) issue(ctx, [...prefix, dddKey], m.exactLength(2));
  if (filled(phone) && phone!.trim().length < 8) issue(ctx, [...prefix, phoneKey], m.minLength(8));
}

// ---------------------------------------------------------------------------------------------
// Address (each of three)

export const addressKinds = { enderecoResidencial: 1, enderecoComercial: 2, enderecoForum: 3 } as const;
export type AddressKey = keyof typeof addressKinds;
export const addressKeys = Object.keys(addressKinds) as AddressKey[];

const addressShape = {
  adZipcode: safeText()
    .trim()
    .regex(/^[\d-]*$/, m.digitsOnly)
    .overwrite((v) => v.replace(/\D+/g, ''))
    .refine((v) => v === '' || v.length === 8, m.exactLength(8))
    .nullable()
    .optional(),
  adAddress: optionalText(80),
  adNumber: optionalText(20),
  adComplement: optionalText(20),
  adBairro: optionalText(32),
  adCity: optionalText(32),
  adState: optionalText(2),
  /** 1: the zip was not found and the address is typed by hand (all fields required). */
  adAddNewCEP: z.union([z.literal(0), z.literal(1)], { error: m.oneOf }).optional(),
  adPhoneDdd: digitsText(2),
  adPhone: digitsText(9),
  adPhoneDdd2: digitsText(2),
  adPhone2: digitsText(9),
};

/** The address rules of spec 1 §5 (zip, number, hand-typed address, phone pairs). */
export function checkAddress(a: AddressValues, ctx: Ctx) {
  const zip = filled(a.adZipcode);
  if (zip && !filled(a.adNumber)) issue(ctx, ['adNumber'], m.required);
  const data = [a.adAddress, a.adNumber, a.adComplement, a.adBairro, a.adCity, a.adState].some(filled);
  if (!zip && data) issue(ctx, ['adZipcode'], m.required);
  if (a.adAddNewCEP === 1) {
    for (const key of ['adAddress', 'adBairro', 'adCity', 'adState'] as const) if (!filled(a[key])) issue(ctx, [key], m.required);
  }
  if (filled(a.adState) && a.adState!.trim().length !== 2) issue(ctx, ['adState'], m.exactLength(2));
  checkPhone(ctx, [], 'adPhoneDdd', 'adPhone', a.adPhoneDdd, a.adPhone);
  checkPhone(ctx, [], 'adPhoneDdd2', 'adPhone2', a.adPhoneDdd2, a.adPhone2);
}

export const addressObjectSchema = z.object(addressShape);
export type AddressValues = z.output<typeof addressObjectSchema>;
export const addressSchema = addressObjectSchema.superRefine(...crossFieldRules(checkAddress));
export type Address = z.output<typeof addressSchema>;
export type AddressInput = z.input<typeof addressSchema>;

export const emptyAddress = (): AddressInput => ({
  adZipcode: '',
  adAddress: '',
  adNumber: '',
  adComplement: '',
  adBairro: '',
  adCity: '',
  adState: '',
  adAddNewCEP: 0,
  adPhoneDdd: '',
  adPhone: '',
  adPhoneDdd2: '',
  adPhone2: '',
});

// ---------------------------------------------------------------------------------------------
// Bank account (the rules need the member's Financeiro, so they are checked at the member level)

export const bankAccountSchema = z.object({
  bnkId: id().nullable().optional(),
  /** Read only (the debit place's name). */
  bankName: z.string().nullable().optional(),
  bnkaccBranch: digitsText(4),
  bnkaccBranchDigit: safeText().trim().max(1, m.maxLength(1)).nullable().optional(),
  bnkaccAccount: digitsText(8),
  bnkaccAccountDigit: safeText().trim().max(1, m.maxLength(1)).nullable().optional(),
});
export type BankAccount = z.output<typeof bankAccountSchema>;

// ---------------------------------------------------------------------------------------------
// Member services (usuarioServicos; rules and plugins in member-service.schema.ts)

const memberServiceItemObject = childItem({
  /** Absent or negative for a new row. */
  cslId: z.number().int().optional(),
  svcId: id(),
  /** Read only (from the service registry). */
  svcName: z.string().nullable().optional(),
  /** Read only: the service's plugin (plgCelular, plgCCH, plgCCHAdd, plgSeguroVida, plgHealth) or null. */
  svcEditPlugin: z.string().nullable().optional(),
  sucId: optionalId(),
  sucName: z.string().nullable().optional(),
  /** Integer cents. */
  valor: z.number({ error: m.oneOf }).int({ error: m.oneOf }).min(0, m.numericMin).nullable().optional(),
  cslQuantidade: z.number({ error: m.oneOf }).int({ error: m.oneOf }).min(0, m.numericMin).nullable().optional(),
  /** CCH: the health plan (21 or 22). */
  cslInt1: z.number().int().nullable().optional(),
  /** CCH add toggles (1 on): ignore the historical enrolment date (v2cchdatainsc) / the date and balance history (v2cchhistorico). */
  cslInt4: z.number().int().min(0, m.oneOf).max(1, m.oneOf).nullable().optional(),
  cslInt5: z.number().int().min(0, m.oneOf).max(1, m.oneOf).nullable().optional(),
  cslStr1: optionalText(40),
  cslStr2: optionalText(100),
  cslStr3: optionalText(40),
  cslStr4: optionalText(40),
  cslDate1: optionalDate(),
  /** Life insurance: death capital and premium, integer cents. */
  cslValue1: z.number().int().min(0, m.numericMin).nullable().optional(),
  cslValue2: z.number().int().min(0, m.numericMin).nullable().optional(),
  /** From when (and until when) the monthly closing charges it. */
  cslInicio: optionalDate(),
  cslFim: optionalDate(),
  version: recordVersion().optional(),
});

/** The plugin's rules for the rows this save writes (the server checks again with the registry's plugin). */
function checkServiceRow(row: z.output<typeof memberServiceItemObject>, ctx: Ctx) {
  if (row.operation !== 'insert' && row.operation !== 'update') return;
  for (const issue of pluginIssues(row.svcEditPlugin, row, { inserting: row.operation === 'insert', today: isoDateInAppZone() }))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  if (row.cslInicio && row.cslFim && isValidIsoDate(row.cslInicio) && isValidIsoDate(row.cslFim) && row.cslFim < row.cslInicio)
    ctx.addIssue({ code: 'custom', path: ['cslFim'], message: memberServiceMessages.endBeforeStart });
}
export const memberServiceItemSchema = memberServiceItemObject.superRefine(...crossFieldRules(checkServiceRow));
export type MemberServiceItem = z.output<typeof memberServiceItemSchema>;
export type MemberServiceItemInput = z.input<typeof memberServiceItemSchema>;

/** A dependent (parentFilhos) with its own services (dependent.schema.ts). */
export const dependentItemSchema = dependentItemSchemaOf(memberServiceItemSchema);
export type DependentItem = z.output<typeof dependentItemSchema>;
export type DependentItemInput = z.input<typeof dependentItemSchema>;

// ---------------------------------------------------------------------------------------------
// The member

/** Fundo de Pecúlio service id and the fee product id (spec 1 §9), as the services registry names them. */
export const FUNDO_PECULIO_SVC_ID = FUNDO_DE_PECULIO_SVC_ID;
export const FEE_SUC_ID = FEE_PRODUCT_SUC_ID;

const sexSchema = z.union([z.literal(0), z.literal(1)], { error: (i) => (i.input === undefined || i.input === null ? m.required : m.oneOf) });

export const memberShape = {
  // identity (read only except on insert: cstId -1)
  cstId: z.number().int().optional(),
  parentId: z.number().int().nullable().optional(),
  // personal (v2userdadospessoais)
  custName: safeText({ error: m.required }).trim().min(1, m.required).min(5, m.minLength(5)).max(64, m.maxLength(64)).optional(),
  custBirthdate: requiredWhenSent(isoDateField().refine(...notAfterToday())),
  custSex: requiredWhenSent(sexSchema),
  custEstadoCivil: requiredWhenSent(z.number({ error: m.required }).int({ error: m.oneOf })),
  custCpf: requiredWhenSent(cpfField()),
  /** The stored photo's key (read only). */
  custPhotoKey: z.string().nullable().optional(),
  /** A new photo cropped on the screen, as a 'data:' URL (write only). */
  custPhoto: safeText()
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, m.pattern)
    .nullable()
    .optional(),
  // e-mail (v2userdadospessoaisemail)
  custEmail: safeText()
    .trim()
    .refine((v) => v === '' || v.length >= 5, m.minLength(5))
    .refine((v) => v === '' || z.regexes.email.test(v), m.email)
    .max(120, m.maxLength(120))
    .nullable()
    .optional(),
  // mobile (v2userdadospessoaiscelular)
  custCelularDdd: digitsText(2),
  custCelular: digitsText(9),
  // magistrate and concurso (v2userdadosmagistrado): Designado and Provisório panels
  custConcurso: optionalText(18),
  desigApfId: optionalId(),
  desigApcId: optionalId(),
  desigLocId: optionalId(),
  provApfId: optionalId(),
  provApcId: optionalId(),
  provLocId: optionalId(),
  custProvData: optionalDate(),
  custProvForum: optionalText(80),
  custProvVara: optionalText(80),
  // dates (v2userdadosdatas)
  custAdmissao: optionalDate({ notFuture: true }),
  custSaida: optionalDate(),
  custMarriage: optionalDate(),
  custAposentadoria: optionalDate(),
  custDeceased: optionalDate({ notFuture: true }),
  // billing (v2userdadoscobrança)
  custCobrancaDia: z.number({ error: m.oneOf }).int({ error: m.oneOf }).min(1, m.numericMin).max(31, m.numericMax).nullable().optional(),
  bankAccount: bankAccountSchema.optional(),
  // contact (v2userdadoscontato)
  custContatoNome: optionalText(64),
  custContatoParentesco: optionalId(),
  custContatoFoneDdd: digitsText(2),
  custContatoFone: digitsText(9),
  custContatoEmail: emailField().optional(),
  // addresses (v2userdadosenderecos)
  enderecoSelected: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: m.oneOf }).optional(),
  enderecoResidencial: addressSchema.optional(),
  enderecoComercial: addressSchema.optional(),
  enderecoForum: addressSchema.optional(),
  // profile (v2userdadosperfil): the internal number is the server's
  custNumeroInterno: z.string().nullable().optional(),
  custSocio: z.enum(['S', 'N'], { error: m.oneOf }).optional(),
  custStatus: requiredWhenSent(
    safeText({ error: m.required })
      .trim()
      .min(1, m.required)
      .regex(/^[A-Z]$/, m.oneOf),
  ),
  custAssocSituacao: requiredWhenSent(z.union([z.literal(1), z.literal(2), z.literal(5)], { error: m.oneOf })),
  custFinanceiroStatus: safeText().trim().max(1, m.maxLength(1)).nullable().optional(),
  falId: optionalId(),
  // options (v2userdadosopcoes)
  custIRPorEmail: z.boolean().optional(),
  custExtratoPorEmail: z.boolean().optional(),
  custComunicacao: z.number().int().min(0, m.oneOf).optional(),
  // Configurações tab: the member refuses marketing campaigns (issue 29 item 2; security and transactional messages are not campaigns)
  custRecusaCampanhas: z.boolean().optional(),
  // association (v2userdadosassoc)
  custAssocCargo: optionalId(),
  custAssocCargo2: optionalId(),
  custAssocCargo3: optionalId(),
  custAssocCargo4: optionalId(),
  // Localização tab (v2tablocalizacao / v2loc): position (forum cargo afcId), forum, local, director of forum
  afcId: optionalId(),
  apfId: optionalId(),
  locId: optionalId(),
  custDirForum: z.boolean().optional(),
  custDataDirForum: optionalDate(),
  // Qualificação tab (decision 20)
  custTreatment: optionalText(8),
  custRg: optionalText(14),
  custRgEmissor: optionalText(20),
  custFiliacaoMae: optionalText(80),
  custFiliacaoPai: optionalText(80),
  custNacionalidade: optionalText(40),
  custNaturalidade: optionalText(60),
  custTitulosAcademicos: optionalText(120),
  // child lists
  parentFilhos: z.array(dependentItemSchema).optional(),
  usuarioServicos: z.array(memberServiceItemSchema).optional(),
  documentos: z.array(memberDocumentItemSchema).optional(),
  atendimentos: z.array(followUpItemSchema).optional(),
  cobrancas: z.array(chargeItemSchema).optional(),
  ressarcimentos: z.array(ressarcimentoItemSchema).optional(),
  portalAcesso: z.array(portalAccessItemSchema).max(1, m.invalidData).optional(),
  /** Decision 5: the version the form loaded (required by PUT, ignored by POST). */
  version: loadedVersion(),
};

export const memberObjectSchema = z.object(memberShape);
export type MemberValues = z.output<typeof memberObjectSchema>;

const filledId = (v: number | null | undefined) => v !== undefined && v !== null;

/** The cross-field rules of spec 1 §5 "Member" and "Bank rules"; each is checked only when its fields were sent. */
export function checkMemberRules(v: MemberValues, ctx: Ctx) {
  // The four cargos must differ.
  const cargoKeys = ['custAssocCargo', 'custAssocCargo2', 'custAssocCargo3', 'custAssocCargo4'] as const;
  const seen = new Set<number>();
  for (const key of cargoKeys) {
    const value = v[key];
    if (!filledId(value)) continue;
    if (seen.has(value!)) issue(ctx, [key], mm.duplicateCargo);
    seen.add(value!);
  }
  // Sócio: services, Fundo de Pecúlio (svcId 170) and fee (sucId 17) for status M.
  if (v.custSocio === 'S' && v.usuarioServicos !== undefined) {
    const rows = liveItems(v.usuarioServicos);
    if (!rows.length) issue(ctx, ['custSocio'], mm.socioNeedsServices);
    else if (v.custStatus === 'M') {
      const peculio = rows.some((r) => r.svcId === FUNDO_PECULIO_SVC_ID);
      const fee = rows.some((r) => r.sucId === FEE_SUC_ID);
      if (fee && !peculio) issue(ctx, ['custSocio'], mm.feeNeedsPeculio);
      else if (peculio && !fee) issue(ctx, ['custSocio'], mm.peculioNeedsFee);
      else if (!peculio && !fee) issue(ctx, ['custSocio'], mm.needsPeculioAndFee);
    }
  }
  // Issue 22 item 20: a death date (01/01/1900 means none) not before the birth date.
  if (hasDeathDate(v.custDeceased) && v.custBirthdate && isValidIsoDate(v.custBirthdate) && v.custDeceased! < v.custBirthdate)
    issue(ctx, ['custDeceased'], dateMessages.deathBeforeBirth);
  // Director of forum: its date.
  if (v.custDirForum === true && !filled(v.custDataDirForum)) issue(ctx, ['custDataDirForum'], mm.dateRequired);
  // Widow(er): the deceased spouse.
  if (v.custStatus === 'V' && 'falId' in v && !filledId(v.falId)) issue(ctx, ['falId'], mm.deceasedSpouseRequired);
  // Designation and provisional panels: all or nothing.
  if (filledId(v.desigApfId) || filledId(v.desigApcId) || filledId(v.desigLocId)) {
    if (!filledId(v.desigApfId)) issue(ctx, ['desigApfId'], mm.forumRequired);
    if (!filledId(v.desigLocId)) issue(ctx, ['desigLocId'], mm.localRequired);
    if (!filledId(v.desigApcId)) issue(ctx, ['desigApcId'], mm.cargoRequired);
  }
  if (filledId(v.provApfId) || filledId(v.provApcId) || filledId(v.provLocId) || filled(v.custProvData)) {
    if (!filledId(v.provApfId)) issue(ctx, ['provApfId'], mm.forumRequired);
    if (!filledId(v.provLocId)) issue(ctx, ['provLocId'], mm.localRequired);
    if (!filledId(v.provApcId)) issue(ctx, ['provApcId'], mm.cargoRequired);
    if (!filled(v.custProvData)) issue(ctx, ['custProvData'], mm.provisionalDateRequired);
  }
  // Billing: the bank's rules and the billing day (not for bank 10).
  if (v.bankAccount !== undefined) {
    const bankIssues = bankAccountIssues(
      v.bankAccount,
      { custFinanceiroStatus: v.custFinanceiroStatus },
      {
        required: m.required,
        exactLength: m.exactLength,
        digitsOnly: m.digitsOnly,
        bankRequired: mm.bankRequired,
        invalidBranch: mm.invalidBranch,
        invalidBranchDigit: mm.invalidBranchDigit,
        invalidAccountDigit: mm.invalidAccountDigit,
        debitPlaceIncompatible: mm.debitPlaceIncompatible,
        oneOf: m.oneOf,
      },
    );
    for (const b of bankIssues) issue(ctx, ['bankAccount', b.field], b.message);
    if (v.bankAccount.bnkId !== ASSOCIATION_PAYROLL && 'custCobrancaDia' in v && !filledId(v.custCobrancaDia))
      issue(ctx, ['custCobrancaDia'], mm.billingDayRequired);
  }
  // The selected (default) address needs a zip.
  if (v.enderecoSelected !== undefined) {
    const key = addressKeys[v.enderecoSelected - 1]!;
    const selected = v[key];
    if (selected !== undefined && !filled(selected.adZipcode)) issue(ctx, [key, 'adZipcode'], mm.addressRequired);
  }
  // Mobile and contact phones.
  checkPhone(ctx, [], 'custCelularDdd', 'custCelular', v.custCelularDdd, v.custCelular);
  checkPhone(ctx, [], 'custContatoFoneDdd', 'custContatoFone', v.custContatoFoneDdd, v.custContatoFone);
}

/** The member form's and the save's schema. */
export const memberSchema = memberObjectSchema.superRefine(...crossFieldRules(checkMemberRules));
export type MemberInput = z.input<typeof memberSchema>;
export type MemberData = z.output<typeof memberSchema>;

/** True for a magistrate-type member (custStatus M, N, J or H with situation 1): Localização tab, forum address. */
export const isActiveMagistrateMember = (v: { custStatus?: string | null; custAssocSituacao?: number | null }) =>
  isActiveMagistrate(v.custStatus, v.custAssocSituacao);

/** Bond declaration items (spec 1 §2): situation 1 or 2 and status M or V. */
export const canIssueBond = (v: { custStatus?: string | null; custAssocSituacao?: number | null }) =>
  (v.custAssocSituacao === 1 || v.custAssocSituacao === 2) && (v.custStatus === 'M' || v.custStatus === 'V');

// ---------------------------------------------------------------------------------------------
// The reply of GET user/{cstId} and GET audits/{id} (no refinements: a stored record is served as it is)

const readAddress = addressObjectSchema;
export const memberRecordSchema = memberObjectSchema.extend({
  cstId: z.number().int(),
  custName: z.string().optional(),
  custBirthdate: z.string().nullable().optional(),
  custCpf: z.string().nullable().optional(),
  custStatus: z.string().nullable().optional(),
  custSex: z.number().int().nullable().optional(),
  custEstadoCivil: z.number().int().nullable().optional(),
  custAssocSituacao: z.number().int().nullable().optional(),
  custSocio: z.string().optional(),
  custEmail: z.string().nullable().optional(),
  custContatoEmail: z.string().nullable().optional(),
  enderecoSelected: z.number().int().optional(),
  enderecoResidencial: readAddress.optional(),
  enderecoComercial: readAddress.optional(),
  enderecoForum: readAddress.optional(),
  bankAccount: z.object({ ...bankAccountSchema.shape }).optional(),
  /** True for a holder (parentId null). */
  custTitular: z.boolean(),
  /** Age in whole years today (null without a birth date). */
  idade: z.number().int().nullable(),
  custCoordenadorTitular: z.boolean().optional(),
  custCoordenadorAdjunto: z.boolean().optional(),
  /** Statement and income-tax periods (issue 14): empty until then. */
  extratoDatas: z.array(z.object({ value: z.number(), label: z.string() })),
  irDatas: z.array(z.object({ value: z.number(), label: z.string() })),
  /** The chosen deceased spouse as an option (value and label), so the dropdown shows it before the list loads. */
  falecidos: z.array(z.object({ value: z.number(), label: z.string() })).optional(),
  version: recordVersion(),
  /** Audit reads only: the changed field paths of that version ('custName', 'enderecoResidencial.adZipcode', 'usuarioServicos'). */
  fieldDiffs: z.array(z.string()).optional(),
});
export type MemberRecord = z.output<typeof memberRecordSchema>;

/**
 * The body of POST/PUT user/{cstId}: the member without extratoDatas/irDatas (spec 1 §7), checked field by field;
 * the cross-field rules run on the server once the body is merged with the stored member and its child rows are
 * read from the database (a service row's product, sucId, is the registry's, not the client's).
 */
export const memberSaveSchema = memberObjectSchema;

/** An empty new member (cstId -1) for /novoassociado. */
export function emptyMember(): MemberInput {
  return {
    cstId: -1,
    custName: '',
    custBirthdate: null,
    custSex: null,
    custEstadoCivil: null,
    custAssocSituacao: 1,
    custCpf: '',
    custEmail: '',
    custCelularDdd: '',
    custCelular: '',
    custSocio: 'N',
    custStatus: '',
    custCobrancaDia: 4,
    custFinanceiroStatus: 'A',
    falId: null,
    bankAccount: { bnkId: null, bnkaccBranch: '', bnkaccBranchDigit: '', bnkaccAccount: '', bnkaccAccountDigit: '' },
    enderecoSelected: 1,
    enderecoResidencial: emptyAddress(),
    enderecoComercial: emptyAddress(),
    enderecoForum: emptyAddress(),
    custIRPorEmail: false,
    custExtratoPorEmail: false,
    custComunicacao: 1,
    custRecusaCampanhas: false,
    custDirForum: false,
    usuarioServicos: [],
    parentFilhos: [],
    documentos: [],
    atendimentos: [],
    cobrancas: [],
    ressarcimentos: [],
  };
}
