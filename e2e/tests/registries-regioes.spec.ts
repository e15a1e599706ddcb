import { expect, test, type Locator, type Page } from '@playwright/test';
import { stateOf, withDb } from '../fixtures/app.js';
import { CrudTable, FormModal } from '../fixtures/crud.js';

const NAME = 'Região E2E Campinas e Niterói';
const RENAMED = 'Região E2E Renomeada';
const cityItems = (dialog: Locator) => dialog.getByRole('list', { name: 'Cidades da região' }).getByRole('listitem');

/** Picks an option of a searchable Mantine Select: type to filter, then click the option. */
async function pick(page: Page, dialog: Locator, label: string, search: string, option: string) {
  const input = dialog.getByLabel(label, { exact: true });
  await expect(input).toBeEnabled();
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

test.use({ storageState: stateOf('superadmin') });

test.beforeAll(async () => {
  await withDb((db) => db.query(`delete from regions where region_name in ($1, $2)`, [NAME, RENAMED]));
});

test('creates a region with cities of two UFs (sorted, duplicate refused), reopens, renames and deletes it', async ({ page }) => {
  // About 12 s alone; it went past 30 s once in CI on a loaded machine.
  test.setTimeout(120_000);
  await page.goto('/regioes');
  await expect(page.getByRole('heading', { name: 'Regiões' })).toBeVisible();
  // The demo seed's RAJ regions are listed.
  const table = new CrudTable(page);
  await expect(table.row('1ª RAJ - Grande São Paulo')).toBeVisible();

  await table.add();
  const form = new FormModal(page, 'Feriado');
  const dialog = form.dialog;
  const add = dialog.getByRole('button', { name: 'Adicionar' });
  await expect(dialog.getByText('Lista deve conter pelo menos uma cidade')).toBeVisible();
  await form.expectOk('invalid');
  await expect(form.field('UF', { exact: true })).toHaveValue('SP - São Paulo');
  await expect(add).toBeDisabled();

  await form.field('Descrição').fill(NAME);
  await pick(page, dialog, 'Cidades', 'Campinas', 'Campinas');
  await add.click();
  await expect(form.field('Cidades', { exact: true })).toHaveValue('');
  await pick(page, dialog, 'UF', 'RJ', 'RJ - Rio de Janeiro');
  await pick(page, dialog, 'Cidades', 'Niter', 'Niterói');
  await add.click();
  // Sorted by UF: RJ before SP.
  await expect(cityItems(dialog)).toHaveText(['RJ, Niterói', 'SP, Campinas']);

  // The same city again is refused.
  await pick(page, dialog, 'UF', 'SP', 'SP - São Paulo');
  await pick(page, dialog, 'Cidades', 'Campinas', 'Campinas');
  await add.click();
  await expect(dialog.getByText('Cidade já cadastrada na lista abaixo')).toBeVisible();
  await expect(cityItems(dialog)).toHaveText(['RJ, Niterói', 'SP, Campinas']);
  await form.expectOk('changed');
  await page.screenshot({ path: 'test-results/screens/regioes-form.png' });
  await form.save();

  await expect(page.getByText('Registro adicionado com sucesso')).toBeVisible();
  await form.expectClosed();
  await table.expectMarker(NAME, 'insert');

  // Reopened, it shows its cities (GET regiao/{id}) and Ok green.
  await table.edit(NAME);
  await expect(cityItems(dialog)).toHaveText(['RJ, Niterói', 'SP, Campinas']);
  await expect(form.field('Descrição')).toHaveValue(NAME);
  await form.expectOk('unchanged');
  await form.field('Descrição').fill(RENAMED);
  await form.expectOk('changed');
  await form.save();
  await expect(page.getByText('Registro atualizado com sucesso')).toBeVisible();
  await expect(table.row(RENAMED)).toBeVisible();
  await expect(table.row(NAME)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/regioes-list.png' });

  await (await table.delete(RENAMED)).yes();
  await expect(page.getByText('Registro apagado com sucesso')).toBeVisible();
  await table.expectMarker(RENAMED, 'delete');
  const [deleted] = await withDb(async (db) => (await db.query(`select deleted_at from regions where region_name = $1`, [RENAMED])).rows);
  expect(deleted?.deleted_at).not.toBeNull();
});
