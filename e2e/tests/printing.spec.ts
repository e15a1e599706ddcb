import { expect, test, type Page } from '@playwright/test';
import { stateOf } from '../fixtures/roles.js';

/**
 * The print dialogs from the "Relatório" dialog (issue 11, spec 1 §2 and §5, spec 3 §2.15): Impressora Remota asks
 * "Seleção de impressão", whose Imprimir is red and does nothing while the range is invalid (start after end), and a
 * valid range queues the PDF on the server ("Fila de impressão", Na fila: no printer address in E2E). Then the
 * remembered choice: Download with "Lembrar escolha" SIM saves the file, and the next Imprimir downloads it without
 * asking. The preference is reset at the end so other specs start without it.
 */
test.use({ storageState: stateOf('superadmin') });

const NAME = 'declaracao-vinculo';

/** POST config from the page's session (the XSRF header echoes the readable cookie, as the web does). */
async function savePrintChoice(page: Page, printChoice: unknown) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/v1/config', { data: { printChoice }, headers: { 'x-xsrf-token': xsrf } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

async function openReport(page: Page) {
  const row = page.getByRole('row').filter({ hasText: 'Declaração de vínculo associativo' });
  await row.getByRole('button', { name: NAME }).click();
  const dialog = page.getByRole('dialog', { name: 'Relatório' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('iframe')).toHaveAttribute('src', /^blob:/);
  return dialog;
}

test('Impressão: the range rule, the remote queue and the remembered choice', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  await savePrintChoice(page, null);

  try {
    // Impressora Remota (HP500) → Seleção de impressão.
    let report = await openReport(page);
    await report.getByRole('button', { name: 'Imprimir' }).click();
    const choice = page.getByRole('dialog', { name: 'Selecionar como imprimir' });
    await expect(choice).toBeVisible();
    await choice.getByRole('radio', { name: 'Impressora Remota' }).check();
    await choice.getByRole('radio', { name: 'HP500 (1)' }).check();
    await choice.getByRole('button', { name: 'Ok' }).click();

    const range = page.getByRole('dialog', { name: 'Seleção de impressão' });
    await expect(range).toBeVisible();
    await range.getByRole('radio', { name: 'Intervalo' }).check();
    await range.getByLabel('de página').fill('3');
    await range.getByLabel('até').fill('2');
    const printButton = range.getByRole('button', { name: 'Imprimir' });
    // Start after end: Imprimir is red and does nothing.
    await expect(printButton).toHaveAttribute('data-invalid', 'true');
    await expect(printButton).toHaveAttribute('aria-invalid', 'true');
    await printButton.click();
    await expect(range).toBeVisible();

    await range.getByLabel('de página').fill('1');
    await range.getByLabel('até').fill('1');
    await expect(printButton).not.toHaveAttribute('data-invalid', 'true');
    const queued = page.waitForResponse((r) => r.url().includes('/api/v1/impressao') && r.request().method() === 'POST');
    await printButton.click();
    expect((await queued).status()).toBeLessThan(300);
    await expect(range).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(report).toBeHidden();

    // The job shows in "Fila de impressão" after Atualizar, still queued (no printer address in E2E).
    await page.getByRole('button', { name: 'Atualizar' }).click();
    const job = page
      .getByRole('table', { name: 'Fila de impressão' })
      .getByRole('row')
      .filter({ hasText: `${NAME}.pdf` })
      .first();
    await expect(job).toContainText('HP500');
    await expect(job).toContainText('Na fila');

    // Download with "Lembrar escolha" SIM: the file is saved and the choice remembered.
    report = await openReport(page);
    await report.getByRole('button', { name: 'Imprimir' }).click();
    await expect(choice).toBeVisible();
    await choice.getByRole('radio', { name: 'Download' }).check();
    await choice.getByRole('switch', { name: 'Lembrar escolha' }).check();
    const first = page.waitForEvent('download');
    await choice.getByRole('button', { name: 'Ok' }).click();
    expect((await first).suggestedFilename()).toBe(`${NAME}.pdf`);
    await expect(choice).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(report).toBeHidden();

    // Opened again: Imprimir downloads at once, without the dialog.
    report = await openReport(page);
    const second = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Imprimir' }).click();
    expect((await second).suggestedFilename()).toBe(`${NAME}.pdf`);
    await expect(choice).toBeHidden();
    const saved = (await (await page.request.get('/api/v1/config')).json()) as { printChoice?: { mode: string } | null };
    expect(saved.printChoice?.mode).toBe('download');
  } finally {
    await savePrintChoice(page, null);
  }
});
