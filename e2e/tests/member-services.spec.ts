import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { stateOf, withDb } from '../fixtures/app.js';
import { createHolder, deletePeople } from '../fixtures/fixtures-api.js';
import { MemberRecord } from '../fixtures/member-record.js';

/**
 * The member record's Serviços tab (issue 13): a phone line (plugin plgCelular) added to a holder through
 * supplier → product → service, saved, seen after reopening, then deleted (listed in pink until the save) and gone
 * after the next save; axe-core on the tab, the add modal with its plugin form and the edit modal.
 */

const NAME = 'Gertrudes Valadares Aba Serviços';
const SERVICE = 'Linha móvel 20 GB';

async function pick(scope: Locator, label: string, option: string | RegExp) {
  await scope.getByLabel(label, { exact: true }).click();
  await scope.page().getByRole('option', { name: option }).click();
}

// A saved holder with every required field (the member rules run on the whole record when it is saved).
test.beforeAll(async () => {
  await withDb(async (db) => {
    await deletePeople(db, NAME);
    await createHolder(db, { name: NAME, birthdate: '1975-02-11', numeroInterno: '7654401' });
  });
});

async function openServices(page: Page) {
  const record = new MemberRecord(page);
  await record.openFromSearch('gertrudes valadares aba', NAME);
  await record.openTab('Serviços');
  const table = page.getByRole('table', { name: 'Serviços' });
  await expect(table).toBeVisible();
  return table;
}

test.describe('Serviços tab', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: stateOf('superadmin') });

  test('adds a phone line to the holder, saves, reopens and sees it', async ({ page }) => {
    test.setTimeout(120_000);
    const table = await openServices(page);
    await expect(table.getByText('Nenhum serviço')).toBeVisible();
    await expectNoSeriousViolations(page, 'Serviços tab');

    await page.getByRole('button', { name: 'Adicionar serviço' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar serviço' });
    await pick(dialog, 'Fornecedor', 'Operadora Conecta Celular');
    await pick(dialog, 'Produto', 'Plano corporativo de celular');
    await pick(dialog, 'Serviço', SERVICE);
    const number = dialog.getByRole('textbox', { name: /^Número/ });
    await expect(number).toBeVisible();
    await expectNoSeriousViolations(page, 'Serviços: Adicionar serviço (plgCelular)');
    await number.fill('11987654321');
    await dialog.getByRole('textbox', { name: 'Modelo' }).fill('Moto G');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: SERVICE })).toContainText('Celular 11987654321');
    await expect(page.getByRole('tab', { name: 'Serviços (alterações pendentes)' })).toBeVisible();

    await new MemberRecord(page).saveAndClose();

    const reopened = await openServices(page);
    const row = reopened.getByRole('row').filter({ hasText: SERVICE });
    await expect(row).toContainText('Celular 11987654321');
    await expect(row).toContainText('59,90');
    // The edit modal of the plugin, with the stored values.
    await page.getByRole('button', { name: `Editar ${SERVICE}` }).click();
    const edit = page.getByRole('dialog', { name: new RegExp(`${SERVICE} - Celular`) });
    await expect(edit.getByRole('textbox', { name: 'Modelo' })).toHaveValue('Moto G');
    await expectNoSeriousViolations(page, 'Serviços: edição (plgCelular)');
    await edit.getByRole('button', { name: 'Fechar' }).last().click();
    await expect(edit).toBeHidden();
  });

  test('deletes it: listed in pink until the save, gone after it', async ({ page }) => {
    test.setTimeout(120_000);
    const table = await openServices(page);
    await page.getByRole('button', { name: `Apagar ${SERVICE}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Apagando serviço' });
    await confirm.getByRole('button', { name: 'SIM' }).click();
    const row = table.getByRole('row').filter({ hasText: SERVICE });
    await expect(row).toHaveAttribute('data-operation', 'delete');
    await expect(page.getByRole('button', { name: `Recuperar ${SERVICE}` })).toBeVisible();
    await new MemberRecord(page).saveAndClose();

    const reopened = await openServices(page);
    await expect(reopened.getByText('Nenhum serviço')).toBeVisible();
  });
});
