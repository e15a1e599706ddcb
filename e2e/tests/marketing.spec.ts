import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { stateOf, withDb } from '../fixtures/app.js';
import { createEmailTemplate, createHolder, deletePeople } from '../fixtures/fixtures-api.js';

// Filtro → Marketing (issue 29, Tests: "build a filter with a nested group, save it, export CSV, start a campaign from it
// and see its history"). Three holders of its own: Nome contém "Mktxe2e" AND (Status M OR Status V) finds Ana (M) and
// Bia (V, who refuses campaigns), not Caio (H); the e-mail campaign reaches Ana and leaves Bia out as Recusa campanhas.
test.use({ storageState: stateOf('superadmin') });
test.setTimeout(90_000);

const ANA = 'Mktxe2e Ana Campanha';
const BIA = 'Mktxe2e Bia Campanha';
const CAIO = 'Mktxe2e Caio Campanha';
const TEMPLATE = 'MKT E2E NOVIDADES';

test.beforeAll(async () => {
  await withDb(async (db) => {
    await deletePeople(db, ANA, BIA, CAIO);
    await createHolder(db, {
      name: ANA,
      birthdate: '1970-01-02',
      numeroInterno: '7654601',
      status: 'M',
      email: 'ana.mktxe2e@example.com',
      comunicacao: 1,
    });
    const bia = await createHolder(db, {
      name: BIA,
      birthdate: '1971-03-04',
      numeroInterno: '7654602',
      status: 'V',
      email: 'bia.mktxe2e@example.com',
      comunicacao: 1,
    });
    await db.query(`update customers set cust_recusa_campanhas = true where cst_id = $1`, [bia]);
    await createHolder(db, {
      name: CAIO,
      birthdate: '1972-05-06',
      numeroInterno: '7654603',
      status: 'H',
      email: 'caio.mktxe2e@example.com',
      comunicacao: 1,
    });
    await createEmailTemplate(db, { name: TEMPLATE, description: 'Novidades para {nome}', body: 'Olá, {nome}! A associação informa.' });
  });
});

test('builds a filter with a nested OR group, saves and exports it, then sends a campaign from it and reads its history', async ({ page }) => {
  const stamp = Date.now();
  const filterName = `Campanha e2e ${stamp}`;
  const campaignName = `Novidades e2e ${stamp}`;

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Filtro' }).click();
  await expect(page.getByRole('heading', { name: 'Filtro', level: 1 })).toBeVisible();

  // Top level (E): Nome contém "Mktxe2e".
  await page.getByRole('button', { name: 'Condição', exact: true }).click();
  await page.getByRole('combobox', { name: 'Critério' }).click();
  await page.getByRole('option', { name: 'Nome', exact: true }).click();
  await page.getByRole('textbox', { name: 'Valor de Nome' }).fill('Mktxe2e');
  await expect(page.getByRole('status').filter({ hasText: '3 pessoas encontradas' })).toBeVisible();

  // A nested group (OU) inside it: Status M, or Status V.
  await page.getByRole('button', { name: 'Grupo', exact: true }).click();
  const nested = page.locator('.ruleGroup .ruleGroup');
  for (const [i, profile] of ['M - Magistrado(a)', 'V - Viúvo(a) / pensionista'].entries()) {
    await nested.getByRole('button', { name: 'Condição', exact: true }).click();
    await nested.getByRole('combobox', { name: 'Critério' }).nth(i).click();
    await page.getByRole('option', { name: 'Status (perfil)', exact: true }).click();
    await nested.getByRole('combobox', { name: 'Valor de Status (perfil)' }).nth(i).click();
    await page.getByRole('option', { name: profile, exact: true }).click();
    await page.keyboard.press('Escape');
  }
  await nested.getByRole('radiogroup', { name: 'Combinar as condições' }).getByText('OU', { exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 pessoas encontradas' })).toBeVisible();

  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Salvar filtro' });
  await dialog.getByRole('textbox', { name: 'Nome do filtro' }).fill(filterName);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Filtro salvo')).toBeVisible();
  const saved = await withDb(async (db) => (await db.query(`select query from saved_filters where name = $1`, [filterName])).rows[0]?.query);
  expect(saved.rules[1]).toMatchObject({ combinator: 'or', rules: [{ field: 'status' }, { field: 'status' }] });

  // CSV: the download read back (UTF-8 with BOM, ';'), the header of the default columns and the two rows.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = (await fs.readFile((await (await download).path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Nome;Número interno;CPF;Status;Situação');
  expect(lines).toHaveLength(3);
  expect(
    lines
      .slice(1)
      .map((l) => l.split(';')[0])
      .sort(),
  ).toEqual([ANA, BIA]);

  // Marketing, from the menu: the saved filter, by e-mail, with the template.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Marketing' }).click();
  await expect(page.getByRole('heading', { name: 'Marketing', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome da campanha' }).fill(campaignName);
  await page.getByRole('combobox', { name: 'Filtro salvo' }).click();
  await page.getByRole('option', { name: filterName, exact: true }).click();
  await page.getByRole('combobox', { name: 'Modelo de E-mail' }).click();
  await page.getByRole('option', { name: TEMPLATE, exact: true }).click();
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const preview = page.getByLabel('Pré-visualização');
  await expect(preview).toContainText('1 associado será alcançado');
  await expect(preview).toContainText('2 pessoas no filtro');
  await expect(preview).toContainText('Recusa campanhas: 1');
  await expect(preview.getByRole('table', { name: 'Primeiros destinatários' })).toContainText(`Olá, ${ANA}! A associação informa.`);

  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Enviar campanha' });
  await expect(confirm).toContainText(`Deseja enviar a campanha "${campaignName}" para 1 associado?`);
  await confirm.getByRole('button', { name: 'SIM' }).click();
  await expect(page.getByText('A campanha foi iniciada: acompanhe o envio no histórico e nas tarefas.')).toBeVisible();

  // The history: the campaign concluded, one queued (sent or still in the outbox), one left out.
  const row = page.getByRole('table', { name: 'Histórico de campanhas' }).getByRole('row').filter({ hasText: campaignName });
  await expect(row).toContainText('Concluída', { timeout: 30_000 });
  const cells = row.getByRole('cell');
  await expect(cells.nth(2)).toHaveText(filterName);
  const [sent, failed, pending, skipped] = await Promise.all([5, 6, 7, 8].map(async (i) => Number(await cells.nth(i).textContent())));
  expect({ queued: sent! + pending!, failed, skipped }).toEqual({ queued: 1, failed: 0, skipped: 1 });

  await row.getByRole('button', { name: `Ver destinatários: ${campaignName}` }).click();
  const recipients = page.getByRole('dialog', { name: `Destinatários: ${campaignName}` });
  await expect(recipients.getByRole('row').filter({ hasText: ANA })).toContainText('ana.mktxe2e@example.com');
  await expect(recipients.getByRole('row').filter({ hasText: BIA })).toContainText('Recusa campanhas');
});
