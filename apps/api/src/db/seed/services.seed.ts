import { inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { extratoGroups, products, services, suppliers } from '../schema/index.js';

/**
 * Demo suppliers, products and services of /servico (deterministic). Runs after seedRegistries,
 * which empties these tables (they reference the statement groups) and seeds the groups used here.
 */
export async function seedServices(db: Db) {
  const groups = await db.select().from(extratoGroups)
    .where(inArray(extratoGroups.extgrpName, ['Mensalidades', 'Planos de saúde', 'Planos odontológicos', 'Seguros de vida', 'Convênios diversos']));
  const group = (name: string) => groups.find((g) => g.extgrpName === name)?.extgrpID ?? null;

  const [unimed, seguradora, celular] = await db.insert(suppliers).values([
    { supName: 'Unimed Cooperativa Médica', supFantasia: 'Unimed', supCnpj: '11444777000161', supIe: 'ISENTO', supCcm: '1234567' },
    { supName: 'Seguradora Previdência Mútua', supFantasia: 'Mútua Seguros', supCnpj: '04252011000110', supIe: '110042490114', supCcm: null },
    { supName: 'Operadora Conecta Celular', supFantasia: 'Conecta', supCnpj: '33000167000101', supIe: '0012345678', supCcm: '7654321' },
  ]).returning();

  const [saude, odonto, vida, movel] = await db.insert(products).values([
    { supId: unimed!.supId, sucName: 'Plano de saúde Unimed', sucHealth: true, sucMudaFaixa: true },
    { supId: unimed!.supId, sucName: 'Plano odontológico Uniodonto', sucHealth: true, sucMudaFaixa: false },
    { supId: seguradora!.supId, sucName: 'Seguro de vida em grupo', sucHealth: false, sucMudaFaixa: false },
    { supId: celular!.supId, sucName: 'Plano corporativo de celular', sucHealth: false, sucMudaFaixa: false },
  ]).returning();

  const health = group('Planos de saúde'), dental = group('Planos odontológicos'), life = group('Seguros de vida'), other = group('Convênios diversos');
  await db.insert(services).values([
    { sucId: saude!.sucId, svcName: 'Titular 0 a 18 anos', svcValor: 28_950, svcTaxaAdm: 2.5, svcServiceType: 0, svcMin: 0, svcMax: 18, svcMudaFaixa: true, extgrpId: health, irgrpId: health, svcContaDebito: '1.1.3.01', svcContaCredito: '2.1.4.01', svcCentroDeCusto: 'SAUDE' },
    { sucId: saude!.sucId, svcName: 'Titular 19 a 58 anos', svcValor: 74_320, svcTaxaAdm: 2.5, svcServiceType: 0, svcMin: 19, svcMax: 58, svcMudaFaixa: true, extgrpId: health, irgrpId: health, svcContaDebito: '1.1.3.01', svcContaCredito: '2.1.4.01', svcCentroDeCusto: 'SAUDE' },
    { sucId: saude!.sucId, svcName: 'Titular 59 anos ou mais', svcValor: 162_480, svcTaxaAdm: 2.5, svcServiceType: 0, svcMin: 59, svcMax: 999, svcMudaFaixa: true, extgrpId: health, irgrpId: health, svcContaDebito: '1.1.3.01', svcContaCredito: '2.1.4.01', svcCentroDeCusto: 'SAUDE' },
    { sucId: saude!.sucId, svcName: 'Coparticipação em consultas', svcValor: 0, svcTaxaAdm: 1.25, svcServiceType: 2, svcMaxParcelas: 3, extgrpId: health, irgrpId: health },
    { sucId: odonto!.sucId, svcName: 'Odontológico individual', svcValor: 4_590, svcTaxaAdm: 3, svcTaxaAdmNs: 5, svcServiceType: 0, extgrpId: dental, irgrpId: dental },
    { sucId: odonto!.sucId, svcName: 'Tratamento ortodôntico', svcValor: 0, svcServiceType: 1, svcMaxParcelas: 24, svcPermiteDuplicado: true, extgrpId: dental, irgrpId: dental },
    { sucId: vida!.sucId, svcName: 'Seguro de vida básico', svcValor: 3_870, svcTaxaAdm: 5, svcServiceType: 0, svcProRata: true, svcPermiteDependente: false, extgrpId: life, irgrpId: life },
    { sucId: vida!.sucId, svcName: 'Seguro de vida ampliado', svcValor: 9_120, svcTaxaAdm: 5, svcServiceType: 0, svcProRata: true, svcPermiteDependente: false, extgrpId: life, irgrpId: life },
    { sucId: movel!.sucId, svcName: 'Linha móvel 20 GB', svcValor: 5_990, svcServiceType: 3, svcLancaNoFim: true, extgrpId: other },
    { sucId: movel!.sucId, svcName: 'Aparelho celular parcelado', svcValor: 0, svcServiceType: 1, svcMaxParcelas: 12, svcPermiteDuplicado: true, extgrpId: other },
  ]);
}
