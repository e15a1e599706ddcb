/**
 * Services with suppliers and products (spec 3 §2.9, §3, §5, §9): a supplier (fornecedor) has
 * products; a product has services. One form/body schema per entity (the rules, used by the API
 * and the modal forms) and one plain record schema (the replies).
 */
import { z } from 'zod';
import { postingPlugins } from '../postings/postings.schema.js';
import { onlyDigits } from '../format.js';
import { genericMessages as m } from '../messages.js';
import { hasAtMostDecimals } from '../money/cents.js';
import { isValidCnpj } from '../people/cpf.js';
import { loadedVersion, recordVersion } from '../record-version.js';
import { servicePluginOptionLabels, servicePluginSchema } from './service-plugins.js';
import { intRange, moneyCents, optionalText, requiredText } from '../validation.js';

export const serviceMessages = {
  ageRange: 'Idade mínima maior que a máxima',
  twoDecimals: 'Use no máximo 2 casas decimais',
  productNotFound: 'Produto não encontrado',
  supplierNotFound: 'Fornecedor não encontrado',
} as const;

/** Service types (spec 3 §9). */
export const serviceTypes = [0, 1, 2, 3] as const;
export const serviceTypeLabels: Record<number, string> = { 0: 'Fixo', 1: 'Digitação', 2: 'Remessa', 3: 'Serviço' };

/** The "Plugin" select of the service form (spec 1 §3 svcEditPlugin): the plugins in the labels' order. */
export const servicePluginOptions = (Object.keys(servicePluginOptionLabels) as Array<keyof typeof servicePluginOptionLabels>).map((value) => ({
  value,
  label: servicePluginOptionLabels[value],
}));
export { servicePluginOptionLabels };

export const serviceLimits = { name: 50, account: 20, productName: 40, supplierName: 40, fantasia: 40, ie: 20, ccm: 20 } as const;

// ---------------------------------------------------------------------------------------------
// Supplier: fornecedores (key supId)
// ---------------------------------------------------------------------------------------------

export const supplierSchema = z.object({
  supId: z.number().int().default(0),
  version: loadedVersion(),
  supName: requiredText(5, 40),
  supFantasia: optionalText(40),
  /**
   * Optional (spec 3 §5: "CNPJ 19"); when given, a valid CNPJ (punctuation accepted while typing),
   * stored as digits; blank is none (null).
   */
  supCnpj: z
    .string({ error: m.cnpj })
    .trim()
    .max(19, m.maxLength(19))
    .nullish()
    .refine((v) => !v || (/^[\d.\-/\s]*$/.test(v) && isValidCnpj(onlyDigits(v))), m.cnpj)
    .overwrite((v) => (v ? onlyDigits(v) : null)),
  supIe: optionalText(20),
  supCcm: optionalText(20),
});
export type SupplierInput = z.input<typeof supplierSchema>;

export const supplierRecordSchema = z.object({
  supId: z.number().int(),
  supName: z.string(),
  supFantasia: z.string().nullable(),
  supCnpj: z.string().nullable(),
  supIe: z.string().nullable(),
  supCcm: z.string().nullable(),
  version: recordVersion(),
});
export type Supplier = z.infer<typeof supplierRecordSchema>;
/** GET fornecedores: the picker's list. */
export const supplierItemSchema = z.object({ supId: z.number().int(), supName: z.string(), version: recordVersion() });
export type SupplierItem = z.infer<typeof supplierItemSchema>;

// ---------------------------------------------------------------------------------------------
// Product: produtos (key sucId, belongs to a supplier)
// ---------------------------------------------------------------------------------------------

export const productSchema = z
  .object({
    sucId: z.number().int().default(0),
    version: loadedVersion(),
    sucName: requiredText(5, 40),
    sucHealth: z.boolean().default(false),
    /** Only meaningful (and shown) for a health product. */
    sucMudaFaixa: z.boolean().default(false),
  })
  .overwrite((p) => ({ ...p, sucMudaFaixa: p.sucHealth ? p.sucMudaFaixa : false }));
export type ProductInput = z.input<typeof productSchema>;

export const productRecordSchema = z.object({
  sucId: z.number().int(),
  supId: z.number().int(),
  sucName: z.string(),
  sucHealth: z.boolean(),
  sucMudaFaixa: z.boolean(),
  version: recordVersion(),
});
export type Product = z.infer<typeof productRecordSchema>;

// ---------------------------------------------------------------------------------------------
// Service: servicos (key svcId, belongs to a product)
// ---------------------------------------------------------------------------------------------

/** A percent rate 0-50 with at most 2 decimals (2.5 means 2,50 %). */
const rate = () =>
  z
    .number({ error: (issue) => (issue.input == null ? m.required : m.oneOf) })
    .min(0, m.numericMin)
    .max(50, m.numericMax)
    .refine((v) => hasAtMostDecimals(v, 2), serviceMessages.twoDecimals);

export const serviceSchema = z
  .object({
    svcId: z.number().int().default(0),
    version: loadedVersion(),
    svcName: requiredText(3, 50),
    /** Integer cents. */
    svcValor: moneyCents({ min: 0, max: 999_999_999 }).default(0),
    svcTaxaAdm: rate().default(0),
    svcTaxaAdmNs: rate().default(0),
    svcMaxParcelas: intRange(1, 99).default(1),
    svcProRata: z.boolean().default(false),
    svcLancaNoFim: z.boolean().default(false),
    svcServiceType: intRange(0, 3).default(0),
    svcPermiteDependente: z.boolean().default(true),
    svcPermiteDuplicado: z.boolean().default(false),
    svcMudaFaixa: z.boolean().default(false),
    svcMin: intRange(0, 999).default(0),
    svcMax: intRange(1, 999).default(999),
    svcContaDebito: optionalText(20),
    svcContaCredito: optionalText(20),
    svcCentroDeCusto: optionalText(20),
    extgrpId: z.number().int().positive().nullish(),
    irgrpId: z.number().int().positive().nullish(),
    /**
     * The plugin its rows open on the member (spec 1 §3 svcEditPlugin), saved with the service; none is null (an
     * omitted field too: the body is the whole record).
     */
    svcEditPlugin: servicePluginSchema.nullable().default(null),
    /** The posting mode of Lançamentos (spec 2 §2.6): lanccelular (by phone), lancbar (by file), null (typed rows). */
    svcLancPlugin: z.enum(postingPlugins).nullable().default(null),
  })
  .refine((s) => s.svcMin <= s.svcMax, { path: ['svcMax'], error: serviceMessages.ageRange });
export type ServiceInput = z.input<typeof serviceSchema>;

export const serviceRecordSchema = z.object({
  svcId: z.number().int(),
  sucId: z.number().int(),
  svcName: z.string(),
  svcValor: z.number().int(),
  svcTaxaAdm: z.number(),
  svcTaxaAdmNs: z.number(),
  svcMaxParcelas: z.number().int(),
  svcProRata: z.boolean(),
  svcLancaNoFim: z.boolean(),
  svcServiceType: z.number().int(),
  svcLancPlugin: z.enum(postingPlugins).nullable(),
  svcPermiteDependente: z.boolean(),
  svcPermiteDuplicado: z.boolean(),
  svcMudaFaixa: z.boolean(),
  svcMin: z.number().int(),
  svcMax: z.number().int(),
  svcContaDebito: z.string().nullable(),
  svcContaCredito: z.string().nullable(),
  svcCentroDeCusto: z.string().nullable(),
  extgrpId: z.number().int().nullable(),
  irgrpId: z.number().int().nullable(),
  svcEditPlugin: servicePluginSchema.nullable(),
  version: recordVersion(),
});
export type Service = z.infer<typeof serviceRecordSchema>;

/** Ids the member rules refer to (spec 1 §5 and §9): the Fundo de Pecúlio service and the fee product. */
export const FUNDO_DE_PECULIO_SVC_ID = 170;
export const FEE_PRODUCT_SUC_ID = 17;
/** The health plans of the CCH requests (spec 2 §3: plans 21 and 22), seeded as products with these ids. */
export const HEALTH_PLAN_SUC_IDS = [21, 22] as const;
