import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageBandColumns, ageBandContracts, isoDateInAppZone } from '@assoc/domain';
import { products, services, suppliers } from '../../db/schema/index.js';
import { call, createFamily, createTestApp, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { xlsxRows } from '../../../test/menu-jobs.js';
import { nextMonthLabel } from './age-bands.service.js';

// 'Mudança de faixa etária' (issue 30 item 1), by hand: a product priced by age (0-18 R$ 100,00, 19-58 R$ 200,00,
// 59+ R$ 300,00); who crosses a boundary next month is listed, with the old and the new value.
let ctx: TestContext;
let atd: Client;
const [KID, ADULT, SENIOR, FLAT] = [9801, 9802, 9803, 9804];

const today = isoDateInAppZone();
const [year, month] = today.split('-').map(Number) as [number, number];
/** The ISO date of day `day` of the month `ahead` months from now, `yearsBack` years earlier. */
function born(ahead: number, day: number, yearsBack: number) {
  const m0 = month - 1 + ahead;
  const y = year + Math.floor(m0 / 12) - yearsBack;
  return `${y}-${String((m0 % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
const br = (iso: string) => iso.split('-').reverse().join('/');
let ids: Record<'senior' | 'kid', { cslId: number; cstId: number; holderId: number }>;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ client: atd } = await signedInAs(ctx, ['v2access', 'v2atd']));
  const [sup] = await ctx.db.insert(suppliers).values({ supName: 'Operadora Faixas' }).returning();
  const [plan] = await ctx.db
    .insert(products)
    .values({ supId: sup!.supId, sucName: 'Plano por idade', sucHealth: true, sucMudaFaixa: true })
    .returning();
  const band = (svcId: number, svcName: string, svcValor: number, svcMin: number, svcMax: number) => ({
    svcId,
    sucId: plan!.sucId,
    svcName,
    svcValor,
    svcMin,
    svcMax,
    svcMudaFaixa: true,
  });
  await ctx.db.insert(services).values([
    band(KID, 'Até 18 anos', 10_000, 0, 18),
    band(ADULT, '19 a 58 anos', 20_000, 19, 58),
    band(SENIOR, '59 anos ou mais', 30_000, 59, 999),
    // Not priced by age: never listed.
    { svcId: FLAT, sucId: plan!.sucId, svcName: 'Coparticipação', svcValor: 500 },
  ]);
  const senior = await createFamily(ctx, {
    holder: {
      custName: 'Sônia Faz 59',
      custNumeroInterno: '3456780',
      custBirthdate: born(1, 10, 59),
      services: [
        { svcId: ADULT, valor: 21_000 },
        { svcId: FLAT, valor: 500 },
      ],
    },
    dependents: [
      { custName: 'Kiko Faz 19', custBirthdate: born(1, 3, 19), services: [{ svcId: KID, valor: 10_000 }] },
      // Turns 40 next month: same band.
      { custName: 'Lia Faz 40', custBirthdate: born(1, 5, 40), services: [{ svcId: ADULT, valor: 20_000 }] },
      // Turns 59 in two months: not yet.
      { custName: 'Mário Depois', custBirthdate: born(2, 1, 59), services: [{ svcId: ADULT, valor: 20_000 }] },
      // Turns 59 next month, but the service ends this month.
      { custName: 'Nina Encerrada', custBirthdate: born(1, 1, 59), services: [{ svcId: ADULT, valor: 20_000, cslFim: today }] },
    ],
  });
  ids = {
    senior: { cslId: senior.holder.services[0]!.cslId, cstId: senior.holder.cstId, holderId: senior.holder.cstId },
    kid: { cslId: senior.dependents[0]!.services[0]!.cslId, cstId: senior.dependents[0]!.cstId, holderId: senior.holder.cstId },
  };
});
afterAll(() => ctx?.close());

describe("GET mudancafaixa ('Mudança de faixa etária', issue 30 item 1)", () => {
  it('answers 401 signed out and 403 without v2atd', async () => {
    expect((await call(ctx.app, ageBandContracts.list)).status).toBe(401);
    const { client } = await signedInAs(ctx, ['v2access', 'v2menufinanceiro']);
    expect((await call(client, ageBandContracts.list)).status).toBe(403);
    expect((await call(client, ageBandContracts.export)).status).toBe(403);
  });

  it('lists who crosses an age boundary next month, by birthday, with the current and the new value; paged', async () => {
    const res = await call(atd, ageBandContracts.list, { query: { page: 1, pageSize: 50 } });
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.body.mes).toBe(nextMonthLabel(today));
    expect(res.body.total).toBe(2);
    expect(res.body.items).toEqual([
      {
        ...ids.kid,
        titular: 'Sônia Faz 59',
        matricula: '3456780',
        nome: 'Kiko Faz 19',
        nascimento: born(1, 3, 19),
        idade: 19,
        aniversario: br(born(1, 3, 0)),
        produto: 'Plano por idade',
        servico: 'Até 18 anos',
        valorAtual: 10_000,
        novoServico: '19 a 58 anos',
        novoValor: 20_000,
      },
      {
        ...ids.senior,
        titular: 'Sônia Faz 59',
        matricula: '3456780',
        nome: 'Sônia Faz 59',
        nascimento: born(1, 10, 59),
        idade: 59,
        aniversario: br(born(1, 10, 0)),
        produto: 'Plano por idade',
        servico: '19 a 58 anos',
        valorAtual: 21_000,
        novoServico: '59 anos ou mais',
        novoValor: 30_000,
      },
    ]);
    const page2 = await call(atd, ageBandContracts.list, { query: { page: 2, pageSize: 1 } });
    expect(page2.body).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ nome: 'Sônia Faz 59' }] });
    const past = await call(atd, ageBandContracts.list, { query: { page: 5, pageSize: 1 } });
    expect(past.body).toMatchObject({ total: 2, items: [] });
    expect((await call(atd, ageBandContracts.list, { query: { pageSize: 0 } as never })).status).toBe(400);
  });

  it("'Exportar Excel' writes the whole list", async () => {
    const res = await call(atd, ageBandContracts.export);
    expect(res.status).toBe(200);
    expect(res.res.headers['content-disposition']).toContain('mudanca-faixa-etaria.xlsx');
    const rows = await xlsxRows(res.body as unknown as Buffer);
    expect(rows[0]).toEqual(ageBandColumns.map((c) => c.header));
    expect(rows.slice(1).map((r) => [r[3], r[5], r[7], r[8], r[9], r[10]])).toEqual([
      ['Kiko Faz 19', 19, 'Até 18 anos', 100, '19 a 58 anos', 200],
      ['Sônia Faz 59', 59, '19 a 58 anos', 210, '59 anos ou mais', 300],
    ]);
  });
});
