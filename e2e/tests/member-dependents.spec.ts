import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { expectToast, randomDocument, stateOf, withDb } from '../fixtures/app.js';
import { createHolder, deletePeople } from '../fixtures/fixtures-api.js';
import { MemberRecord } from '../fixtures/member-record.js';

/**
 * The member record's Dependentes tab (issue 13): a dependent with a health-plan service added to a holder through
 * "Adicionar dependente" (tabs Dependente and Serviços), saved, found in the top-bar search and reopened; the delete
 * refused while the dependent holds a service, then the service and the dependent deleted in one save; axe-core on
 * the tab and on the modal.
 */

const HOLDER = 'Hermenegilda Vasconcelos Aba Dependentes';
const DEPENDENT = 'Leopoldina Vasconcelos Aba Dependentes';
const SERVICE = 'Titular 0 a 18 anos';

const pick = (scope: Locator, label: string, option: string | RegExp) => new MemberRecord(scope.page()).pick(scope, label, option);

test.beforeAll(async () => {
  await withDb(async (db) => {
    await deletePeople(db, DEPENDENT, HOLDER);
    await createHolder(db, { name: HOLDER, birthdate: '1978-08-21', numeroInterno: '7654402' });
  });
});

async function openDependents(page: Page, text = 'hermenegilda vasconcelos aba', name = HOLDER) {
  const record = new MemberRecord(page);
  await record.openFromSearch(text, name, HOLDER);
  await record.openTab('Dependentes');
  const table = page.getByRole('table', { name: 'Dependentes', exact: true });
  await expect(table).toBeVisible();
  return table;
}

const save = (page: Page) => new MemberRecord(page).saveAndClose();

test.describe('Dependentes tab', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: stateOf('superadmin') });

  test('adds a dependent with a health plan, saves, finds it in the search and sees it', async ({ page }) => {
    test.setTimeout(150_000);
    const table = await openDependents(page);
    await expect(table.getByText('Nenhum dependente')).toBeVisible();
    await expectNoSeriousViolations(page, 'Dependentes tab');

    await page.getByRole('button', { name: 'Adicionar dependente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar dependente' });
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Leo');
    await dialog.getByRole('textbox', { name: 'CPF', exact: true }).click();
    await expect(dialog.getByText('Tamanho mínimo de 5 caracteres')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(DEPENDENT);
    await pick(dialog, 'Parentesco', 'Filho(a)');
    await pick(dialog, 'Sexo', 'Feminino');
    await dialog.getByRole('textbox', { name: 'Nascimento', exact: true }).fill('04/05/2015');
    await dialog.getByRole('textbox', { name: 'CPF', exact: true }).fill(randomDocument('cpf'));
    await expectNoSeriousViolations(page, 'Dependentes: Adicionar dependente');

    await dialog.getByRole('tab', { name: 'Serviços' }).click();
    await dialog.getByRole('button', { name: 'Adicionar serviço' }).click();
    const add = page.getByRole('dialog', { name: 'Adicionar serviço' });
    await add.getByLabel('Fornecedor', { exact: true }).click();
    await page.getByRole('option', { name: /Unimed/ }).click();
    await add.getByLabel('Produto', { exact: true }).click();
    await page.getByRole('option', { name: 'Plano de saúde Unimed' }).click();
    await add.getByLabel('Serviço', { exact: true }).click();
    await page.getByRole('option', { name: SERVICE }).click();
    await add.getByRole('button', { name: 'Ok' }).click();
    await expect(add).toBeHidden();
    await expect(dialog.getByRole('table', { name: 'Serviços' }).getByRole('row').filter({ hasText: SERVICE })).toBeVisible();
    await expectNoSeriousViolations(page, 'Dependentes: Adicionar dependente, Serviços');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: DEPENDENT })).toContainText('Filho(a)04/05');
    await expect(page.getByRole('tab', { name: 'Dependentes (alterações pendentes)' })).toBeVisible();
    await save(page);

    // Searchable at once; opening it shows the holder with the dependent highlighted and its services expanded.
    const reopened = await openDependents(page, 'leopoldina vasconcelos aba', DEPENDENT);
    const row = reopened.locator('[data-in-view]');
    await expect(row).toContainText(DEPENDENT);
    await expect(page.getByRole('table', { name: `Serviços de ${DEPENDENT}` })).toContainText(SERVICE);
  });

  test('refuses to delete it while it holds a service; deletes the service and the dependent in one save', async ({ page }) => {
    test.setTimeout(150_000);
    const table = await openDependents(page);
    await page.getByRole('button', { name: `Apagar ${DEPENDENT}` }).click();
    await expectToast(page, 'Dependente possui serviços, não é possível apagar!');

    await table.getByRole('button', { name: DEPENDENT, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Dependente: ${DEPENDENT}` });
    await dialog.getByRole('tab', { name: 'Serviços' }).click();
    await dialog.getByRole('button', { name: `Apagar ${SERVICE}` }).click();
    await page.getByRole('dialog', { name: 'Apagando serviço' }).getByRole('button', { name: 'SIM' }).click();
    await expect(dialog.getByRole('row').filter({ hasText: SERVICE })).toHaveAttribute('data-operation', 'delete');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: `Apagar ${DEPENDENT}` }).click();
    await page.getByRole('dialog', { name: 'Apagando dependente' }).getByRole('button', { name: 'SIM' }).click();
    await expect(table.getByRole('row').filter({ hasText: DEPENDENT }).first()).toHaveAttribute('data-operation', 'delete');
    await expect(page.getByRole('button', { name: `Recuperar ${DEPENDENT}` })).toBeVisible();
    await save(page);

    const reopened = await openDependents(page);
    await expect(reopened.getByText('Nenhum dependente')).toBeVisible();
  });
});
