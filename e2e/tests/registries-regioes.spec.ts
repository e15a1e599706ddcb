import { expect, test, type Locator, type Page } from '@playwright/test';
import { LoginPage, users, withDb } from '../fixtures/app.js';

const NAME = 'Região E2E Campinas e Niterói';
const RENAMED = 'Região E2E Renomeada';
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
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

test.beforeAll(async () => {
  await withDb((db) => db.query(`delete from regions where region_name in ($1, $2)`, [NAME, RENAMED]));
});

test('creates a region with cities of two UFs (sorted, duplicate refused), reopens, renames and deletes it', async ({ page }) => {
  // About 12 s alone; it went past 30 s once in CI on a loaded machine.
  test.setTimeout(120_000);
  await new LoginPage(page).signIn(users.superadmin);
  await page.goto('/regioes');
  await expect(page.getByRole('heading', { name: 'Regiões' })).toBeVisible();
  // The demo seed's RAJ regions are listed.
  await expect(rowWith(page, '1ª RAJ - Grande São Paulo')).toBeVisible();

  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Feriado' });
  const ok = dialog.getByRole('button', { name: 'Ok' });
  const add = dialog.getByRole('button', { name: 'Adicionar' });
  await expect(dialog.getByText('Lista deve conter pelo menos uma cidade')).toBeVisible();
  await expect(ok).toHaveAttribute('data-state', 'invalid');
  await expect(dialog.getByLabel('UF', { exact: true })).toHaveValue('SP - São Paulo');
  await expect(add).toBeDisabled();

  await dialog.getByLabel('Descrição').fill(NAME);
  await pick(page, dialog, 'Cidades', 'Campinas', 'Campinas');
  await add.click();
  await expect(dialog.getByLabel('Cidades', { exact: true })).toHaveValue('');
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
  await expect(ok).toHaveAttribute('data-state', 'changed');
  await page.screenshot({ path: 'test-results/screens/regioes-form.png' });
  await ok.click();

  await expect(page.getByText('Registro adicionado com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowWith(page, NAME)).toHaveAttribute('data-marker', 'insert');

  // Reopened, it shows its cities (GET regiao/{id}) and Ok green.
  await rowWith(page, NAME).getByRole('button', { name: 'Editar' }).click();
  await expect(cityItems(dialog)).toHaveText(['RJ, Niterói', 'SP, Campinas']);
  await expect(dialog.getByLabel('Descrição')).toHaveValue(NAME);
  await expect(ok).toHaveAttribute('data-state', 'unchanged');
  await dialog.getByLabel('Descrição').fill(RENAMED);
  await expect(ok).toHaveAttribute('data-state', 'changed');
  await ok.click();
  await expect(page.getByText('Registro atualizado com sucesso')).toBeVisible();
  await expect(rowWith(page, RENAMED)).toBeVisible();
  await expect(rowWith(page, NAME)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/regioes-list.png' });

  await rowWith(page, RENAMED).getByRole('button', { name: 'Apagar' }).click();
  await page.getByRole('dialog', { name: 'Apagando serviço' }).getByRole('button', { name: 'SIM' }).click();
  await expect(page.getByText('Registro apagado com sucesso')).toBeVisible();
  await expect(rowWith(page, RENAMED)).toHaveAttribute('data-marker', 'delete');
  const [deleted] = await withDb(async (db) => (await db.query(`select deleted_at from regions where region_name = $1`, [RENAMED])).rows);
  expect(deleted?.deleted_at).not.toBeNull();
});
