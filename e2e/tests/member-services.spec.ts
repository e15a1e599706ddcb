import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { expectToast, randomDocument, Shell, stateOf, withDb } from '../fixtures/app.js';

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
    await db.query(`delete from customers where cust_name = $1`, [NAME]);
    const { rows } = await db.query<{ cst_id: number }>(
      `insert into customers (cust_name, cust_cpf, cust_birthdate, cust_sex, cust_status, cust_assoc_situacao, cust_numero_interno, cust_socio,
         cust_estado_civil, bnk_id)
       values ($1, $2, '1975-02-11', 1, 'A', 1, '7654401', 'N', 2, 11) returning cst_id`,
      [NAME, randomDocument('cpf')],
    );
    await db.query(
      `insert into addresses (cst_id, kind, ad_zipcode, ad_address, ad_number, ad_bairro, ad_city, ad_state)
       values ($1, 1, '01310100', 'Avenida Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP')`,
      [rows[0]!.cst_id],
    );
  });
});

async function openServices(page: Page) {
  await page.goto('/');
  await new Shell(page).searchBox().fill('gertrudes valadares aba');
  await page.getByRole('option').filter({ hasText: NAME }).first().click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await page.getByRole('tab', { name: /^Serviços/ }).click();
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

    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Atualização realizada com sucesso');
    await expect(page).toHaveURL((url) => url.pathname === '/');

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
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Atualização realizada com sucesso');
    await expect(page).toHaveURL((url) => url.pathname === '/');

    const reopened = await openServices(page);
    await expect(reopened.getByText('Nenhum serviço')).toBeVisible();
  });
});
