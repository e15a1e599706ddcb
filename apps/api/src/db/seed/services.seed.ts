import { inArray, sql } from 'drizzle-orm';
import { FEE_PRODUCT_SUC_ID, FUNDO_DE_PECULIO_SVC_ID, HEALTH_PLAN_SUC_IDS } from '@assoc/domain';
import type { Db } from '../client.js';
import { extratoGroups, products, services, suppliers } from '../schema/index.js';

const [UNIMED_PLAN_SUC_ID, AUTOGESTAO_PLAN_SUC_ID] = HEALTH_PLAN_SUC_IDS;

/**
 * Demo suppliers, products and services of /servico (deterministic): what an association of
 * magistrates holds — two health plans (products 21 and 22, the CCH plans of spec 2 §3), a dental
 * plan, life insurance from two insurers, mobile phones, the association fee (product 17), the Fundo de
 * Pecúlio (service 170; spec 1 §5 and §9 refer to both ids) and the bar/snack account. IR groups (issue 22 item 2):
 * the health and dental plans only (health-plan groups, so the informe and the health declaration list them); life
 * insurance and the Fundo de Pecúlio are not deductible as health expenses and have none. Runs after
 * seedRegistries, which empties these tables (they reference the statement groups) and seeds the
 * groups used here.
 */
export async function seedServices(db: Db) {
  const groups = await db
    .select()
    .from(extratoGroups)
    .where(
      inArray(extratoGroups.extgrpName, [
        'Mensalidades',
        'Planos de saúde',
        'Planos odontológicos',
        'Seguros de vida',
        'Convênios diversos',
        'Fundo de Pecúlio',
      ]),
    );
  const group = (name: string) => groups.find((g) => g.extgrpName === name)?.extgrpID ?? null;

  const [associacao, unimed, autogestao, mutua, vidaSegura, celular, bar] = await db
    .insert(suppliers)
    .values([
      { supName: 'Associação dos Magistrados', supFantasia: 'Associação', supCnpj: '61784915000120', supIe: 'ISENTO', supCcm: '2345678' },
      { supName: 'Unimed Cooperativa Médica', supFantasia: 'Unimed', supCnpj: '11444777000161', supIe: 'ISENTO', supCcm: '1234567' },
      {
        supName: 'Caixa de Assistência dos Magistrados',
        supFantasia: 'Magistratura Saúde',
        supCnpj: '27538193000195',
        supIe: 'ISENTO',
        supCcm: null,
      },
      { supName: 'Seguradora Previdência Mútua', supFantasia: 'Mútua Seguros', supCnpj: '04252011000110', supIe: '110042490114', supCcm: null },
      { supName: 'Vida Segura Seguradora S.A.', supFantasia: 'Vida Segura', supCnpj: '52801964000132', supIe: '116574392110', supCcm: null },
      { supName: 'Operadora Conecta Celular', supFantasia: 'Conecta', supCnpj: '33000167000101', supIe: '0012345678', supCcm: '7654321' },
      // Run by the association at its seat: no CNPJ of its own (the CNPJ is optional, spec 3 §5).
      { supName: 'Bar e Lanchonete da Sede', supFantasia: 'Bar da Sede', supCnpj: null, supIe: null, supCcm: null },
    ])
    .returning();

  // Ids the spec names are written as such; the others come from the sequence (below 17).
  const [taxas, peculio, saude, saudeAutogestao, odonto, vidaGrupo, vidaIndividual, movel, conta] = await db
    .insert(products)
    .values([
      { sucId: FEE_PRODUCT_SUC_ID, supId: associacao!.supId, sucName: 'Taxas associativas', sucHealth: false, sucMudaFaixa: false },
      { supId: associacao!.supId, sucName: 'Fundo de Pecúlio', sucHealth: false, sucMudaFaixa: false },
      { sucId: UNIMED_PLAN_SUC_ID, supId: unimed!.supId, sucName: 'Plano de saúde Unimed', sucHealth: true, sucMudaFaixa: true },
      { sucId: AUTOGESTAO_PLAN_SUC_ID, supId: autogestao!.supId, sucName: 'Plano de saúde Magistratura', sucHealth: true, sucMudaFaixa: true },
      { supId: unimed!.supId, sucName: 'Plano odontológico Uniodonto', sucHealth: true, sucMudaFaixa: false },
      { supId: mutua!.supId, sucName: 'Seguro de vida em grupo', sucHealth: false, sucMudaFaixa: false },
      { supId: vidaSegura!.supId, sucName: 'Seguro de vida individual', sucHealth: false, sucMudaFaixa: false },
      { supId: celular!.supId, sucName: 'Plano corporativo de celular', sucHealth: false, sucMudaFaixa: false },
      { supId: bar!.supId, sucName: 'Conta do bar e lanchonete', sucHealth: false, sucMudaFaixa: false },
    ])
    .returning();

  const fees = group('Mensalidades'),
    health = group('Planos de saúde'),
    dental = group('Planos odontológicos');
  const life = group('Seguros de vida'),
    other = group('Convênios diversos'),
    fund = group('Fundo de Pecúlio');
  const healthAccounts = { svcContaDebito: '1.1.3.01', svcContaCredito: '2.1.4.01', svcCentroDeCusto: 'SAUDE' };
  const band = (sucId: number, svcName: string, svcValor: number, svcMin: number, svcMax: number) => ({
    sucId,
    svcName,
    svcValor,
    svcTaxaAdm: 2.5,
    svcServiceType: 0,
    svcMin,
    svcMax,
    svcMudaFaixa: true,
    extgrpId: health,
    irgrpId: health,
    ...healthAccounts,
  });
  await db.insert(services).values([
    // The association fee (mensalidade) and the Fundo de Pecúlio: a magistrate sócio holds both (spec 1 §5).
    {
      sucId: taxas!.sucId,
      svcName: 'Mensalidade associativa',
      svcValor: 32_500,
      svcServiceType: 0,
      svcPermiteDependente: false,
      extgrpId: fees,
      svcContaCredito: '3.1.1.01',
      svcCentroDeCusto: 'SEDE',
    },
    {
      sucId: taxas!.sucId,
      svcName: 'Mensalidade de aposentado',
      svcValor: 24_000,
      svcServiceType: 0,
      svcPermiteDependente: false,
      extgrpId: fees,
      svcContaCredito: '3.1.1.02',
      svcCentroDeCusto: 'SEDE',
    },
    {
      sucId: taxas!.sucId,
      svcName: 'Mensalidade de pensionista',
      svcValor: 12_000,
      svcServiceType: 0,
      svcPermiteDependente: false,
      extgrpId: fees,
      svcContaCredito: '3.1.1.03',
      svcCentroDeCusto: 'SEDE',
    },
    {
      svcId: FUNDO_DE_PECULIO_SVC_ID,
      sucId: peculio!.sucId,
      svcName: 'Fundo de Pecúlio',
      svcValor: 9_800,
      svcServiceType: 0,
      svcPermiteDependente: false,
      extgrpId: fund,
      svcContaCredito: '2.1.5.01',
      svcCentroDeCusto: 'PECULIO',
    },
    band(saude!.sucId, 'Titular 0 a 18 anos', 28_950, 0, 18),
    band(saude!.sucId, 'Titular 19 a 58 anos', 74_320, 19, 58),
    band(saude!.sucId, 'Titular 59 anos ou mais', 162_480, 59, 999),
    {
      sucId: saude!.sucId,
      svcName: 'Coparticipação em consultas',
      svcValor: 0,
      svcTaxaAdm: 1.25,
      svcServiceType: 2,
      svcMaxParcelas: 3,
      extgrpId: health,
      irgrpId: health,
    },
    band(saudeAutogestao!.sucId, 'Titular até 43 anos', 51_200, 0, 43),
    band(saudeAutogestao!.sucId, 'Titular 44 a 58 anos', 88_740, 44, 58),
    band(saudeAutogestao!.sucId, 'Titular 59 anos ou mais', 143_900, 59, 999),
    {
      sucId: odonto!.sucId,
      svcName: 'Odontológico individual',
      svcValor: 4_590,
      svcTaxaAdm: 3,
      svcTaxaAdmNs: 5,
      svcServiceType: 0,
      extgrpId: dental,
      irgrpId: dental,
    },
    {
      sucId: odonto!.sucId,
      svcName: 'Tratamento ortodôntico',
      svcValor: 0,
      svcServiceType: 1,
      svcMaxParcelas: 24,
      svcPermiteDuplicado: true,
      extgrpId: dental,
      irgrpId: dental,
    },
    {
      sucId: vidaGrupo!.sucId,
      svcName: 'Seguro de vida básico',
      svcValor: 3_870,
      svcTaxaAdm: 5,
      svcServiceType: 0,
      svcProRata: true,
      svcPermiteDependente: false,
      extgrpId: life,
    },
    {
      sucId: vidaGrupo!.sucId,
      svcName: 'Seguro de vida ampliado',
      svcValor: 9_120,
      svcTaxaAdm: 5,
      svcServiceType: 0,
      svcProRata: true,
      svcPermiteDependente: false,
      extgrpId: life,
    },
    {
      sucId: vidaIndividual!.sucId,
      svcName: 'Capital segurado de R$ 100 mil',
      svcValor: 4_850,
      svcTaxaAdm: 4,
      svcServiceType: 0,
      svcPermiteDependente: false,
      extgrpId: life,
    },
    {
      sucId: vidaIndividual!.sucId,
      svcName: 'Capital segurado de R$ 300 mil',
      svcValor: 13_900,
      svcTaxaAdm: 4,
      svcServiceType: 0,
      svcPermiteDependente: false,
      extgrpId: life,
    },
    { sucId: movel!.sucId, svcName: 'Linha móvel 20 GB', svcValor: 5_990, svcServiceType: 3, svcLancaNoFim: true, extgrpId: other },
    {
      sucId: movel!.sucId,
      svcName: 'Aparelho celular parcelado',
      svcValor: 0,
      svcServiceType: 1,
      svcMaxParcelas: 12,
      svcPermiteDuplicado: true,
      extgrpId: other,
    },
    {
      sucId: conta!.sucId,
      svcName: 'Consumo no bar e lanchonete',
      svcValor: 0,
      svcServiceType: 1,
      svcPermiteDuplicado: true,
      extgrpId: other,
      svcCentroDeCusto: 'BAR',
      // Lançamentos in file mode: the bar's monthly file (issue 24).
      svcLancPlugin: 'lancbar',
    },
    // Lançamentos in phone mode: the operator's bill, one row per mobile number (issue 24).
    {
      sucId: movel!.sucId,
      svcName: 'Conta de celular por número',
      svcValor: 0,
      svcServiceType: 2,
      svcPermiteDuplicado: true,
      extgrpId: other,
      svcLancPlugin: 'lanccelular',
    },
  ]);

  // Rows written with explicit ids leave the sequences behind: the next record must get a free id.
  for (const [table, column] of [
    ['suppliers', 'sup_id'],
    ['products', 'suc_id'],
    ['services', 'svc_id'],
  ] as const) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, ${column}), (select max(${sql.identifier(column)}) from ${sql.identifier(table)}))`,
    );
  }
}
