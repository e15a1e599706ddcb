import { expect, test } from '@playwright/test';
import { formatCents } from '@assoc/domain';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { stateOf } from '../fixtures/roles.js';

test.use({ storageState: stateOf('financeiro') });

test('the finance user picks Todos and sees who owes, the footer, and exports the list as XLSX', async ({ page }) => {
  // Loads every holder who owes, exports them and runs axe twice: more than the default budget on a loaded machine.
  test.slow();
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Financeiro' }).click();
  await menu.getByRole('button', { name: 'Cobrança' }).click();
  await menu.getByRole('link', { name: 'Saldo em aberto' }).click();
  await expect(page.getByRole('heading', { name: 'Saldo em aberto', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'Saldo em aberto');

  await page.getByLabel('Canal de cobrança').click();
  await page.getByRole('option', { name: 'Todos' }).click();
  const table = page.getByRole('table', { name: 'Saldo em aberto' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText(/\d{6}-\d/, { timeout: 30_000 });
  await expect(first).toContainText(/R\$ [\d.]+,\d{2}/);

  // The footer counts every holder who owes (not only the rows rendered) and sums their Saldo.
  const owing = (await (await page.request.get('/api/v1/financeiro/saldoaberto/0')).json()) as Array<{ saldo: number }>;
  expect(owing.length).toBeGreaterThan(0);
  const total = owing.reduce((sum, r) => sum + r.saldo, 0);
  const footer = table.getByRole('row').last();
  await expect(footer).toContainText(`Registros: ${owing.length.toLocaleString('pt-BR')}`);
  await expect(footer).toContainText(`Total: ${formatCents(total)}`);

  await table.getByRole('button', { name: /^Saldo/ }).click();
  await expectNoSeriousViolations(page, 'Saldo em aberto (lista)');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar XLSX' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('saldo-em-aberto-todos.xlsx');
  const bytes = await file.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  // An XLSX is a ZIP file.
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});
