import { eq, inArray } from 'drizzle-orm';
import type { ServicePlugin } from '@assoc/domain';
import type { Db } from '../client.js';
import { extratoGroups, products, servicePlugins, services, suppliers } from '../schema/index.js';

/** The demo services that open a plugin form on the member (spec 1 §3 svcEditPlugin), by their seeded names. */
const PLUGINS: Record<string, ServicePlugin> = {
  'Linha móvel 20 GB': 'plgCelular',
  'Aparelho celular parcelado': 'plgCelular',
  'Seguro de vida básico': 'plgSeguroVida',
  'Seguro de vida ampliado': 'plgSeguroVida',
  'Capital segurado de R$ 100 mil': 'plgSeguroVida',
  'Capital segurado de R$ 300 mil': 'plgSeguroVida',
  'Titular 0 a 18 anos': 'plgHealth',
  'Titular 19 a 58 anos': 'plgHealth',
  'Titular 59 anos ou mais': 'plgHealth',
  'Titular até 43 anos': 'plgHealth',
  'Titular 44 a 58 anos': 'plgHealth',
  'Odontológico individual': 'plgHealth',
  'Inscrição no CCH': 'plgCCHAdd',
};

/** After seedServices (which empties and refills the services registry): the plugins of the demo services. */
export async function seedServicePlugins(db: Db) {
  await db.delete(servicePlugins);
  // The CCH health benefit (spec 2) as a service of the magistrates' health fund: its rows open the CCH form
  // (enrolment date, plan 21 or 22).
  const [fund] = await db.select({ supId: suppliers.supId }).from(suppliers).where(eq(suppliers.supName, 'Caixa de Assistência dos Magistrados'));
  if (fund) {
    const [product] = await db
      .insert(products)
      .values({ supId: fund.supId, sucName: 'Benefício CCH', sucHealth: false, sucMudaFaixa: false })
      .returning({ sucId: products.sucId });
    // Its statement and IR group is 'Benefício CCH', a health-plan IR group: the CCH's payments (credits on this
    // service) are what the informe and the health declaration show as reimbursed.
    const [group] = await db.select({ id: extratoGroups.extgrpID }).from(extratoGroups).where(eq(extratoGroups.extgrpName, 'Benefício CCH'));
    await db.insert(services).values({
      sucId: product!.sucId,
      svcName: 'Inscrição no CCH',
      svcValor: 0,
      svcServiceType: 0,
      extgrpId: group?.id ?? null,
      irgrpId: group?.id ?? null,
    });
  }
  const rows = await db
    .select({ svcId: services.svcId, svcName: services.svcName })
    .from(services)
    .where(inArray(services.svcName, Object.keys(PLUGINS)));
  if (rows.length) await db.insert(servicePlugins).values(rows.map((r) => ({ svcId: r.svcId, plugin: PLUGINS[r.svcName]! })));
}
