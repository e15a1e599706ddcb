import { eq, sql } from 'drizzle-orm';
import {
  productRecordSchema,
  productSchema,
  serviceRecordSchema,
  serviceSchema,
  supplierRecordSchema,
  supplierSchema,
  type Product,
  type Service,
  type ServicePlugin,
  type Supplier,
} from '@assoc/domain';
import { products, services, suppliers } from '../../db/schema/index.js';
import { defineRegistry } from './registry.types.js';

const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim());

/**
 * The services screen (spec 3 §2.9): suppliers → products → services. Their calls are not the
 * generic ones (spec 3 §7: serviceContracts), so services.service.ts maps them, but each write goes
 * through the generic registry service (soft delete, recovery with PUT, audit row in the same transaction).
 */

export const suppliersRegistry = defineRegistry({
  category: 'fornecedores',
  table: suppliers,
  key: suppliers.supId,
  deletedAt: suppliers.deletedAt,
  version: suppliers.version,
  keyField: 'supId',
  body: supplierSchema,
  record: supplierRecordSchema,
  orderBy: [sql`${suppliers.supName} collate pt_br`, suppliers.supId],
  // The CNPJ is optional (spec 3 §5); unique when given.
  unique: [
    { matches: (input) => (input.supCnpj ? eq(suppliers.supCnpj, input.supCnpj) : sql`false`), message: 'CNPJ já cadastrado para outro fornecedor' },
  ],
  toRow: (input) => ({
    supName: input.supName,
    supFantasia: blankToNull(input.supFantasia),
    supCnpj: input.supCnpj || null,
    supIe: blankToNull(input.supIe),
    supCcm: blankToNull(input.supCcm),
  }),
  toRecord: (row): Supplier => ({
    supId: row.supId as number,
    supName: row.supName as string,
    supFantasia: (row.supFantasia as string | null) ?? null,
    supCnpj: (row.supCnpj as string | null) ?? null,
    supIe: (row.supIe as string | null) ?? null,
    supCcm: (row.supCcm as string | null) ?? null,
    version: row.version as number,
  }),
});

/** The product body plus its supplier (taken from the path on POST; kept on PUT). */
type ProductWrite = ReturnType<typeof productSchema.parse> & { supId?: number };

export const productsRegistry = defineRegistry({
  category: 'produtos',
  table: products,
  key: products.sucId,
  deletedAt: products.deletedAt,
  version: products.version,
  keyField: 'sucId',
  body: productSchema,
  record: productRecordSchema,
  orderBy: [sql`${products.sucName} collate pt_br`, products.sucId],
  unique: [],
  toRow: (input: ProductWrite) => ({
    ...(input.supId !== undefined ? { supId: input.supId } : {}),
    sucName: input.sucName,
    sucHealth: input.sucHealth,
    sucMudaFaixa: input.sucMudaFaixa,
  }),
  toRecord: (row): Product => ({
    sucId: row.sucId as number,
    supId: row.supId as number,
    sucName: row.sucName as string,
    sucHealth: row.sucHealth as boolean,
    sucMudaFaixa: row.sucMudaFaixa as boolean,
    version: row.version as number,
  }),
});

type ServiceWrite = ReturnType<typeof serviceSchema.parse> & { sucId?: number };

export const servicesRegistry = defineRegistry({
  category: 'servicos',
  table: services,
  key: services.svcId,
  deletedAt: services.deletedAt,
  version: services.version,
  keyField: 'svcId',
  body: serviceSchema,
  record: serviceRecordSchema,
  orderBy: [sql`${services.svcName} collate pt_br`, services.svcId],
  unique: [],
  toRow: (input: ServiceWrite) => ({
    ...(input.sucId !== undefined ? { sucId: input.sucId } : {}),
    svcName: input.svcName,
    svcValor: input.svcValor,
    svcTaxaAdm: input.svcTaxaAdm,
    svcTaxaAdmNs: input.svcTaxaAdmNs,
    svcMaxParcelas: input.svcMaxParcelas,
    svcProRata: input.svcProRata,
    svcLancaNoFim: input.svcLancaNoFim,
    svcServiceType: input.svcServiceType,
    svcLancPlugin: input.svcLancPlugin ?? null,
    svcPermiteDependente: input.svcPermiteDependente,
    svcPermiteDuplicado: input.svcPermiteDuplicado,
    svcMudaFaixa: input.svcMudaFaixa,
    svcMin: input.svcMin,
    svcMax: input.svcMax,
    svcContaDebito: blankToNull(input.svcContaDebito),
    svcContaCredito: blankToNull(input.svcContaCredito),
    svcCentroDeCusto: blankToNull(input.svcCentroDeCusto),
    extgrpId: input.extgrpId ?? null,
    irgrpId: input.irgrpId ?? null,
  }),
  toRecord: (row): Service => ({
    svcId: row.svcId as number,
    sucId: row.sucId as number,
    svcName: row.svcName as string,
    svcValor: row.svcValor as number,
    svcTaxaAdm: Number(row.svcTaxaAdm),
    svcTaxaAdmNs: Number(row.svcTaxaAdmNs),
    svcMaxParcelas: row.svcMaxParcelas as number,
    svcProRata: row.svcProRata as boolean,
    svcLancaNoFim: row.svcLancaNoFim as boolean,
    svcServiceType: row.svcServiceType as number,
    svcLancPlugin: (row.svcLancPlugin as 'lanccelular' | 'lancbar' | null | undefined) ?? null,
    svcPermiteDependente: row.svcPermiteDependente as boolean,
    svcPermiteDuplicado: row.svcPermiteDuplicado as boolean,
    svcMudaFaixa: row.svcMudaFaixa as boolean,
    svcMin: row.svcMin as number,
    svcMax: row.svcMax as number,
    svcContaDebito: (row.svcContaDebito as string | null) ?? null,
    svcContaCredito: (row.svcContaCredito as string | null) ?? null,
    svcCentroDeCusto: (row.svcCentroDeCusto as string | null) ?? null,
    extgrpId: (row.extgrpId as number | null) ?? null,
    irgrpId: (row.irgrpId as number | null) ?? null,
    // The list reads it joined (services.repository.ts servicesOf); the writes' records take it from service_plugins.
    svcEditPlugin: (row.svcEditPlugin as ServicePlugin | null | undefined) ?? null,
    version: row.version as number,
  }),
});
