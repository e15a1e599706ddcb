import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { expectToast, stateOf, withDb } from '../fixtures/app.js';
import { addClosedPeriodEntry, createHolder, deletePeople } from '../fixtures/fixtures-api.js';
import { MemberRecord } from '../fixtures/member-record.js';

/**
 * The member record's Cobranças tab (issue 14): a holder who owes R$ 246,74 from a closed period; "Nova cobrança"
 * with its defaults, changed to a boleto, saved with the member; reopened, the charge waits for its return (yellow,
 * "Aguardando retorno", Nova cobrança disabled) and its boleto is printed (downloaded: a PDF); "Cobrança - Detalhes"
 * shows its linha digitável; axe-core on the tab and its modals.
 */

const NAME = 'Belmira Quaresma Aba Cobranças';
const DEBT = 24674;

// A saved holder with every required field and a closed period of the ledger that billed it (written as the monthly
// closing would: the period's entries, then the period locked; a fixture month far from the demo ledger's).
test.beforeAll(async () => {
  await withDb(async (db) => {
    await deletePeople(db, NAME);
    const cstId = await createHolder(db, {
      name: NAME,
      birthdate: '1966-03-14',
      numeroInterno: '7654425',
      email: 'belmira.cobrancas@example.com',
      cobrancaDia: 4,
    });
    // A closed month of 2000 for the fixture.
    await addClosedPeriodEntry(db, cstId, { year: 2000, month: 1, description: 'Mensalidade associativa', cents: DEBT });
    // The print choice is asked (not a remembered one).
    await db.query(`update user_preferences set preferences = preferences - 'printChoice'`);
  });
});

async function openCharges(page: Page) {
  const record = new MemberRecord(page);
  await record.openFromSearch('belmira quaresma aba', NAME);
  await record.openTab('Cobranças');
  const table = page.getByRole('table', { name: 'Cobranças' });
  await expect(table).toBeVisible();
  return table;
}

test.describe('Cobranças tab', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: stateOf('superadmin') });

  test('creates a boleto charge for the debt and prints its boleto', async ({ page }) => {
    test.setTimeout(120_000);
    const table = await openCharges(page);
    await expect(table.getByText('Nenhuma cobrança')).toBeVisible();
    await expect(page.getByText('Débito em aberto: R$ 246,74')).toBeVisible();
    await expectNoSeriousViolations(page, 'Cobranças tab');

    const add = page.getByRole('button', { name: 'Nova cobrança', exact: true });
    await expect(add).toBeEnabled();
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar nova cobrança' });
    await expect(dialog.getByRole('textbox', { name: /^Valor/ })).toHaveValue('R$ 246,74');
    await expect(dialog.getByRole('textbox', { name: /^Lançamentos/ })).toHaveValue('1');
    await expectNoSeriousViolations(page, 'Cobranças: Adicionar nova cobrança');
    await dialog.getByRole('combobox', { name: 'Local', exact: true }).click();
    await page.getByRole('option', { name: 'Boleto bancário', exact: true }).click();
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'R$ 246,74' })).toHaveAttribute('data-operation', 'insert');
    await expect(add).toBeDisabled();

    await new MemberRecord(page).saveAndClose();

    const reopened = await openCharges(page);
    const row = reopened.getByRole('row').filter({ hasText: 'R$ 246,74' });
    await expect(row).toHaveAttribute('data-state', 'open');
    await expect(row).toContainText('Boleto Bancário');
    await expect(row).toContainText('Aguardando retorno');
    await expect(page.getByRole('button', { name: 'Nova cobrança', exact: true })).toBeDisabled();
    await expectNoSeriousViolations(page, 'Cobranças tab with an open boleto');

    await row.getByRole('button', { name: /^Detalhes da/ }).click();
    const details = page.getByRole('dialog', { name: 'Cobrança - Detalhes' });
    const linha = details.getByRole('textbox', { name: 'Linha digitável' });
    await expect(linha).toHaveValue(/^00190\.00009 01474\.16600\d /);
    // The whole line shows (issue 22 #19): nothing past the box's edge.
    expect(await linha.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await expectNoSeriousViolations(page, 'Cobranças: Cobrança - Detalhes');
    await details.getByRole('button', { name: 'Fechar', exact: true }).last().click();

    // Print: "Tem certeza?", then the print choice (Download) saves the PDF.
    await row.getByRole('button', { name: /^Imprimir boleto/ }).click();
    await page.getByRole('dialog', { name: 'Boleto bancário' }).getByRole('button', { name: 'SIM' }).click();
    const choice = page.getByRole('dialog', { name: 'Selecionar como imprimir' });
    await expect(choice).toBeVisible();
    await choice.getByRole('radio', { name: 'Download' }).check();
    const downloading = page.waitForEvent('download');
    await choice.getByRole('button', { name: 'Ok' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^boleto-\d+\.pdf$/);
    const bytes = await (await import('node:fs/promises')).readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // E-mail: both confirmations, then the spec's message.
    await row.getByRole('button', { name: /^Enviar boleto/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Tem certeza?' });
    await expect(confirm).toContainText('Enviar boleto bancário por e-mail?');
    await confirm.getByRole('button', { name: 'SIM' }).click();
    await expectToast(page, 'E-mail enviado com sucesso!');
  });
});
