import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { stateOf, withDb } from '../fixtures/app.js';
import { createHolder, deletePeople } from '../fixtures/fixtures-api.js';
import { MemberRecord } from '../fixtures/member-record.js';

/**
 * The member record's Documentos tab (issue 13): a PDF uploaded through the scan modal, the member saved, reopened,
 * the document listed (Data, Usuário, Descrição, Tamanho) and opened (SIM: a new tab, inline) and downloaded (NÃO);
 * then deleted (pink until the save) and gone after the next save; axe-core on the tab and the modal.
 */

const NAME = 'Filomena Carvalhais Aba Documentos';
const DESCRIPTION = 'Carteira funcional digitalizada';
const PDF = Buffer.from('%PDF-1.7\n% documento de teste\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

// A saved holder with every required field (the member rules run on the whole record when it is saved).
test.beforeAll(async () => {
  await withDb(async (db) => {
    await deletePeople(db, NAME);
    await createHolder(db, { name: NAME, birthdate: '1968-09-21', numeroInterno: '7654418' });
  });
});

async function openDocuments(page: Page) {
  const record = new MemberRecord(page);
  await record.openFromSearch('filomena carvalhais aba', NAME);
  await record.openTab('Documentos');
  const table = page.getByRole('table', { name: 'Documentos' });
  await expect(table).toBeVisible();
  return table;
}

test.describe('Documentos tab', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: stateOf('superadmin') });

  test('uploads a PDF, saves, reopens, sees it listed and opens it', async ({ page }) => {
    test.setTimeout(120_000);
    const table = await openDocuments(page);
    await expect(table.getByText('Nenhum documento')).toBeVisible();
    await expectNoSeriousViolations(page, 'Documentos tab');

    await page.getByRole('button', { name: 'Adicionar documento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar documento' });
    const add = dialog.getByRole('button', { name: 'ADICIONAR' });
    await expect(add).toBeDisabled();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'carteira.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('textbox', { name: /^Descrição/ }).fill(DESCRIPTION);
    await expectNoSeriousViolations(page, 'Documentos: Adicionar documento');
    await expect(add).toBeEnabled();
    await add.click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: DESCRIPTION })).toContainText(`${PDF.length} Bytes`);
    await expect(page.getByRole('tab', { name: 'Documentos (alterações pendentes)' })).toBeVisible();

    await new MemberRecord(page).saveAndClose();

    const reopened = await openDocuments(page);
    const row = reopened.getByRole('row').filter({ hasText: DESCRIPTION });
    await expect(row).toContainText(`${PDF.length} Bytes`);
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expectNoSeriousViolations(page, 'Documentos tab with a document');

    // SIM (the default): the link opens the document inline in a new tab.
    const open = row.getByRole('link', { name: `Abrir ${DESCRIPTION}` });
    await expect(open).toHaveAttribute('target', '_blank');
    const inline = await page.request.get((await open.getAttribute('href'))!);
    expect(inline.status()).toBe(200);
    expect(inline.headers()['content-type']).toBe('application/pdf');
    expect(inline.headers()['content-disposition']).toMatch(/^inline; filename="documento-\d+\.pdf"$/);
    expect((await inline.body()).equals(PDF)).toBe(true);

    // NÃO: the same icon downloads it.
    await page.getByRole('switch', { name: 'Abrir em nova janela?' }).uncheck();
    const downloading = page.waitForEvent('download');
    await row.getByRole('link', { name: `Baixar ${DESCRIPTION}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^documento-\d+\.pdf$/);
  });

  test('deletes the saved document: listed in pink until the save, gone after it', async ({ page }) => {
    test.setTimeout(120_000);
    const table = await openDocuments(page);
    await table.getByRole('button', { name: `Apagar ${DESCRIPTION}` }).click();
    await page.getByRole('dialog', { name: 'Apagando documento' }).getByRole('button', { name: 'SIM' }).click();
    await expect(table.getByRole('row').filter({ hasText: DESCRIPTION })).toHaveAttribute('data-operation', 'delete');
    await new MemberRecord(page).save();
    const reopened = await openDocuments(page);
    await expect(reopened.getByText('Nenhum documento')).toBeVisible();
    // The file is kept for the audit.
    const kept = await withDb((db) =>
      db.query(
        `select count(*)::int as n from member_documents d join files f on f.id = d.file_id where d.deleted_at is not null and d.description = $1`,
        [DESCRIPTION],
      ),
    );
    expect(kept.rows[0].n).toBeGreaterThanOrEqual(1);
  });
});
