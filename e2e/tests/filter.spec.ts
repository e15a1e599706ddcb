import { expect, test } from '@playwright/test';
import { stateOf, withDb } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';

// Filtro (issue 29 item 1, docs/FILTER.md): the Atendimento user builds a 2-criteria filter (Situação Ativo and Sócio
// Sim), sees the count the database gives, saves it, and opens a member from the result.
test.use({ storageState: stateOf('atendimento') });
test.setTimeout(120_000);

const count = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'pessoa encontrada' : 'pessoas encontradas'}`;

test('builds a filter with two criteria, sees its count, saves it and opens a member', async ({ page }) => {
  const expected = await withDb(
    async (db) => (await db.query(`select count(*)::int as n from customers where cust_assoc_situacao = 1 and cust_socio = 'S'`)).rows[0].n as number,
  );
  expect(expected).toBeGreaterThan(0);
  const name = `Sócios ativos ${Date.now()}`;

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Filtro' }).click();
  await expect(page.getByRole('heading', { name: 'Filtro', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /pessoas? encontradas?/ })).toBeVisible();

  // First condition: Situação (the first criterion) é um de Ativo.
  await page.getByRole('button', { name: 'Condição', exact: true }).click();
  await page.getByLabel('Valor de Situação').first().click();
  await page.getByRole('option', { name: 'Ativo', exact: true }).click();
  await page.keyboard.press('Escape');
  // Second condition: Sócio = Sim.
  await page.getByRole('button', { name: 'Condição', exact: true }).click();
  await page.getByRole('combobox', { name: 'Critério' }).nth(1).click();
  await page.getByRole('option', { name: 'Sócio', exact: true }).click();
  await page.getByRole('combobox', { name: 'Valor de Sócio' }).click();
  await page.getByRole('option', { name: 'Sim', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: count(expected) })).toBeVisible();
  await expectNoSeriousViolations(page, 'Filtro com duas condições');

  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Salvar filtro' });
  await dialog.getByRole('textbox', { name: 'Nome do filtro' }).fill(name);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Filtro salvo')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filtros salvos' })).toHaveValue(name);
  const saved = await withDb(async (db) => (await db.query(`select query from saved_filters where name = $1`, [name])).rows[0]?.query);
  expect(saved.rules.map((r: { field: string }) => r.field)).toEqual(['situacao', 'socio']);

  const first = page.getByRole('row').nth(1);
  const person = (await first.getByRole('cell').first().textContent())!;
  await first.getByRole('button', { name: 'Abrir associado' }).click();
  await expect(page).toHaveURL(/\/associado$/);
  await expect(page.getByText(person).first()).toBeVisible();
});
