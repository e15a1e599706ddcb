import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { stateOf } from '../fixtures/app.js';

// Issue 30 item 1: two of the menu's export jobs run from the menu, followed in the bell, their XLSX downloaded from
// it; and the 'Mudança de faixa etária' url link opens its page in a popup. Exports only read: safe on shared data.
test.use({ storageState: stateOf('superadmin') });

const SNACK = 'Exportar lanchonete';
const LIFE = 'Exportar seguro de vida (seguradora 1)';

async function start(page: Page, menu: Locator, label: string) {
  await menu.getByRole('button', { name: label }).click();
  const confirm = page.getByRole('dialog', { name: label });
  await confirm.getByRole('button', { name: 'SIM' }).click();
  await expect(confirm).toBeHidden();
}

async function headerOf(item: Locator, file: RegExp) {
  const [download] = await Promise.all([item.page().waitForEvent('download'), item.getByRole('button', { name: file }).click()]);
  expect(download.suggestedFilename()).toMatch(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.rowCount).toBeGreaterThan(1);
  return (sheet.getRow(1).values as unknown[]).slice(1);
}

test('runs two export jobs from the menu and downloads their files from the bell; opens Mudança de faixa etária', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Atendimento' }).click();
  await start(page, menu, SNACK);
  await start(page, menu, LIFE);

  await page.getByRole('button', { name: /^Notificações/ }).click();
  const bell = page.getByRole('dialog', { name: 'Notificações' });
  const snack = bell.getByRole('listitem', { name: SNACK }).first();
  const life = bell.getByRole('listitem', { name: LIFE }).first();
  for (const item of [snack, life]) await expect(item.getByTestId('job-state')).toHaveText('Concluída', { timeout: 30_000 });

  expect(await headerOf(snack, /^lanchonete-\d{4}-\d{2}-\d{2}\.xlsx$/)).toEqual(['Matrícula', 'Nome', 'CPF', 'Celular', 'Tipo', 'Titular']);
  expect(await headerOf(life, /^seguro-vida-1-.+-\d{4}-\d{2}-\d{2}\.xlsx$/)).toEqual([
    'APOLICE_PROPOSTA',
    'CPF',
    'NOME_SEGURADO',
    'DATA_NASCIMENTO',
    'SEXO',
    'CAPITAL_MORTE',
    'PREMIO_MENSAL',
    'INICIO_VIGENCIA',
    'FIM_VIGENCIA',
  ]);
  await bell.getByRole('button', { name: 'Fechar' }).click();

  const [popup] = await Promise.all([page.waitForEvent('popup'), menu.getByRole('button', { name: 'Mudança de faixa etária' }).click()]);
  await expect(popup.getByRole('heading', { name: 'Mudança de faixa etária' })).toBeVisible();
  await expect(popup.getByText(/^Pessoas cuja faixa etária muda em \d{2}\/\d{4}/)).toBeVisible();
  await expect(popup.getByRole('cell', { name: /^R\$ / }).first()).toBeVisible();
});
