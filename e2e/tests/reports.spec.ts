import { expect, test, type Page } from '@playwright/test';
import { stateOf, withDb } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
// The API tests' reader of PDF text (pdfjs-dist, with the Node 20 polyfill it needs).
import { pdfText as pdfPagesText } from '../../apps/api/src/modules/documents/pdf-text.testing.js';

/**
 * /reports (issue 11, spec 3 §2.17, decision 15): the templates by name, the "Relatório" dialog's viewer,
 * designer (its static texts drawn on the page; a fixed text changed on the page and saved with "Salvar", PUT
 * report/{name}; a save over a newer version shows the reload alert), versions and "Restaurar padrão". Another
 * user's save is made through PUT from the page's session.
 */
test.use({ storageState: stateOf('superadmin') });

const NAME = 'declaracao-vinculo';
const FECHO = 'Por ser expressão da verdade, firmamos a presente declaração.';
const OTHER = 'Texto salvo por outro usuário no teste E2E.';
const CHANGED = 'Texto alterado no desenhador pelo teste E2E de relatórios.';

async function pdfText(page: Page): Promise<string> {
  const response = await page.request.get(`/api/v1/report/${NAME}/pdf`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  return (await pdfPagesText(new Uint8Array(await response.body()))).join(' ').replace(/\s+/g, ' ');
}

type Template = { schemas: Array<Array<{ name: string; content?: string }>> };

/** PUT report/{name} from the page's session (the XSRF header echoes the readable cookie, as the web does). */
async function saveFecho(page: Page, text: string) {
  const current = (await (await page.request.get(`/api/v1/report/${NAME}`)).json()) as { rptData: Template; version: number };
  for (const schemas of current.rptData.schemas) for (const schema of schemas) if (schema.name === 'fecho') schema.content = text;
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.put(`/api/v1/report/${NAME}`, { data: current, headers: { 'x-xsrf-token': xsrf } });
  expect(response.status(), await response.text()).toBe(200);
}

test('Relatórios: view the bond declaration, design and save, see the change, restore the default', async ({ page }) => {
  test.setTimeout(120_000);
  const demoName = await withDb(async (db) => {
    const { rows } = await db.query<{ cust_name: string }>(
      'select cust_name from customers where parent_id is null and cust_assoc_situacao = 1 order by cst_id limit 1',
    );
    return rows[0]!.cust_name;
  });

  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Declaração de vínculo associativo' });
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await row.getByRole('button', { name: NAME }).click();

  const dialog = page.getByRole('dialog', { name: 'Relatório' });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  const viewed = await pdfText(page);
  expect(viewed).toContain('DECLARAÇÃO DE VÍNCULO ASSOCIATIVO');
  expect(viewed).toContain(demoName);
  await expectNoSeriousViolations(page, '/reports (Relatório, Visualizar)');

  // Exportar PDF downloads <name>.pdf.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Exportar PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`${NAME}.pdf`);

  // Desenhar: the designer loads the stored template and draws its fixed texts on the page.
  await dialog.getByRole('button', { name: 'Desenhar' }).click();
  const designer = dialog.getByTestId('report-designer');
  await expect(designer.getByText('DECLARAÇÃO DE VÍNCULO ASSOCIATIVO', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(designer.getByText(FECHO, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Salvar' })).toBeEnabled({ timeout: 30_000 });

  // Someone else saves first: the designer's save answers 409 and offers to reload, which shows their text.
  await saveFecho(page, OTHER);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Registro alterado por outro usuário. Recarregue para continuar.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Recarregar' }).click();
  await expect(dialog.getByText('Registro alterado por outro usuário. Recarregue para continuar.')).toBeHidden();
  const fecho = designer.getByText(OTHER, { exact: true });
  await expect(fecho).toBeVisible();

  // The fixed text changed on the page (double-click edits it in place, away from the selection's middle handle;
  // leaving the field keeps it), then "Salvar".
  await fecho.dblclick({ position: { x: 12, y: 4 } });
  await expect(designer.locator('[contenteditable="true"], [contenteditable="plaintext-only"]')).toHaveCount(1);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(CHANGED);
  await dialog.getByText('Arraste os campos, altere textos e estilos', { exact: false }).click();
  await expect(designer.getByText(CHANGED, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText(/Modelo salvo \(versão \d+\)\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Sair' }).click();

  await expect(frame).toHaveAttribute('src', /^blob:/);
  const saved = await pdfText(page);
  expect(saved).toContain(CHANGED);
  expect(saved).not.toContain(OTHER);
  await expect(dialog.getByRole('row').filter({ hasText: 'Salvo' }).first()).toBeVisible();

  // Restaurar padrão (confirm SIM): a new version with the shipped template.
  await dialog.getByRole('button', { name: 'Restaurar padrão' }).click();
  await page.getByRole('dialog', { name: 'Restaurar padrão' }).getByRole('button', { name: 'SIM' }).click();
  await expect(dialog.getByRole('row').nth(1)).toContainText('Padrão');
  await expect.poll(async () => (await pdfText(page)).includes(CHANGED)).toBe(false);
});
