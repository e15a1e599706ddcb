import { expect, test } from '@playwright/test';
import { Shell, stateOf } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';

// Avançado → Terminal (decision 14; docs/TERMINAL.md): type a query, run it with Ctrl+Enter, see its rows, export
// them, and find it in the history.
test.use({ storageState: stateOf('superadmin') });

test('the superadmin runs a query in the terminal, exports it and finds it in the history', async ({ page }) => {
  await page.goto('/');
  const menu = new Shell(page).menu();
  const group = menu.getByRole('button', { name: 'Avançado', exact: true });
  if ((await group.getAttribute('data-expanded')) == null) await group.click();
  await expect(async () => {
    await menu.getByRole('link', { name: 'Terminal' }).click();
    await expect(page).toHaveURL(/\/terminal$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Terminal', level: 1 })).toBeVisible();

  const query = `select cst_id, cust_name from customers where parent_id is null order by cst_id limit 3 -- e2e ${Date.now()}`;
  const editor = page.getByRole('textbox', { name: 'Consulta SQL' });
  await editor.click();
  await page.keyboard.insertText(query);
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByText('3 linhas em')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'cust_name' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  expect((await download).suggestedFilename()).toBe('terminal.csv');

  const history = page.getByRole('complementary', { name: 'Histórico' });
  await expect(history.getByRole('button').filter({ hasText: query })).toBeVisible();
  await expectNoSeriousViolations(page, '/terminal');
});
