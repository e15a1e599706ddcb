import { expect, test } from '@playwright/test';
import { expectToast, randomDocument, stateOf, withDb } from '../fixtures/app.js';
import { CrudTable, FormModal } from '../fixtures/crud.js';

const EMPTY_HINT = 'Escolha o fornecedor e o produto para ver os serviços.';

test.use({ storageState: stateOf('superadmin') });

test('services cascade: supplier, product, then a service with money and percent; edit, delete, supplier change resets', async ({ page }) => {
  test.setTimeout(120_000);
  // Unique per run, so the spec can run again on the same database.
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  const SUPPLIER = `Fornecedor Cascata ${run} Ltda`;
  const PRODUCT = `Produto Cascata ${run}`;
  const SERVICE = `Serviço Cascata ${run}`;
  await page.goto('/servico');
  await expect(page.getByRole('heading', { name: 'Serviços' })).toBeVisible();

  const supplierPicker = page.getByRole('combobox', { name: 'Fornecedor' });
  const productPicker = page.getByRole('combobox', { name: 'Produto' });
  const table = new CrudTable(page);
  const newService = table.newButton();

  // Nothing chosen: the product picker and its buttons are disabled and no service list is shown.
  await expect(supplierPicker).toBeEnabled();
  await expect(productPicker).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Novo produto' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Editar fornecedor' })).toBeDisabled();
  await expect(page.getByText(EMPTY_HINT)).toBeVisible();
  await expect(newService).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);

  // A new supplier: the modal's Ok follows the form; once saved the supplier is chosen.
  await page.getByRole('button', { name: 'Novo fornecedor' }).click();
  const supplierForm = new FormModal(page, 'Fornecedor');
  await supplierForm.expectOk('invalid');
  await supplierForm.field('Razão social').fill(SUPPLIER);
  await supplierForm.field('Nome fantasia').fill('Cascata E2E');
  await supplierForm.field('CNPJ').fill(randomDocument('cnpj'));
  await supplierForm.expectOk('changed');
  await supplierForm.save();
  await expectToast(page, 'Registro adicionado com sucesso');
  await supplierForm.expectClosed();
  await expect(supplierPicker).toHaveValue(SUPPLIER);

  // A supplier alone still shows no services: the product is missing.
  await expect(productPicker).toBeEnabled();
  await expect(productPicker).toHaveValue('');
  await expect(page.getByText(EMPTY_HINT)).toBeVisible();
  await expect(newService).toHaveCount(0);

  // A new product under it (name 5-40); it becomes the chosen product and the (empty) list appears.
  await page.getByRole('button', { name: 'Novo produto' }).click();
  const productForm = new FormModal(page, 'Produto');
  await productForm.field('Nome').fill('Prod');
  await productForm.expectOk('invalid');
  await productForm.field('Nome').fill(PRODUCT);
  // Muda de faixa is offered only for a health plan.
  await expect(productForm.field('Muda de faixa')).toHaveCount(0);
  await productForm.field('Plano de saúde').check();
  await expect(productForm.field('Muda de faixa')).toBeVisible();
  await productForm.field('Plano de saúde').uncheck();
  await productForm.expectOk('changed');
  await productForm.save();
  await expectToast(page, 'Registro adicionado com sucesso');
  await productForm.expectClosed();
  await expect(productPicker).toHaveValue(PRODUCT);
  await expect(page.getByText(EMPTY_HINT)).toBeHidden();
  await expect(newService).toBeVisible();
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();

  // A service with a value in R$ and an administrative rate in percent with 2 decimals.
  await table.add();
  const form = new FormModal(page, 'Serviço');
  const dialog = form.dialog;
  await expect(dialog.getByLabel('Máximo de parcelas')).toHaveValue('1');
  await dialog.getByLabel('Nome').fill(SERVICE);
  const valor = dialog.getByLabel('Valor', { exact: true });
  await valor.fill('1234,56');
  await expect(valor).toHaveValue('R$ 1.234,56');
  const taxa = dialog.getByLabel('Taxa adm.', { exact: true });
  await taxa.fill('2,75');
  await expect(taxa).toHaveValue('2,75 %');
  // A rate is at most 50 %: 51 stays as typed, the spec's message shows and Ok stays red (no silent
  // correction); rates show 2 decimals.
  const taxaNs = dialog.getByLabel('Taxa adm. (não sócio)');
  await expect(taxaNs).toHaveValue('0,00 %');
  await taxaNs.fill('51');
  await dialog.getByLabel('Nome').click();
  await expect(taxaNs).toHaveValue('51,00 %');
  await expect(dialog.getByText('Valor máximo inválido')).toBeVisible();
  await form.expectOk('invalid');
  // A third decimal is cut while typing.
  await taxaNs.fill('3,505');
  await expect(taxaNs).toHaveValue('3,50 %');
  await expect(dialog.getByText('Valor máximo inválido')).toBeHidden();
  await dialog.getByLabel('Máximo de parcelas').fill('12');
  // The plugin its rows open on the member (spec 1 §3 svcEditPlugin).
  const plugin = dialog.getByRole('combobox', { name: 'Plugin', exact: true });
  await expect(plugin).toHaveValue('');
  await plugin.click();
  await page.getByRole('option', { name: 'Celular' }).click();
  await expect(plugin).toHaveValue('Celular');
  await form.expectOk('changed');
  await page.screenshot({ path: 'test-results/screens/servicos-form.png' });
  await form.save();
  await expectToast(page, 'Registro adicionado com sucesso');
  await form.expectClosed();
  const row = table.row(SERVICE);
  await table.expectMarker(SERVICE, 'insert');
  await expect(row).toContainText('R$ 1.234,56');
  await expect(row).toContainText('2,75 %');
  await expect(row).toContainText('Fixo');
  await expect(row).toContainText('12');

  // The saved record holds cents and the rate as given.
  const saved = await withDb((db) => db.query(`select svc_valor, svc_taxa_adm, svc_taxa_adm_ns from services where svc_name = $1`, [SERVICE]));
  expect(saved.rows).toHaveLength(1);
  expect(Number(saved.rows[0].svc_valor)).toBe(123456);
  expect(Number(saved.rows[0].svc_taxa_adm)).toBe(2.75);
  expect(Number(saved.rows[0].svc_taxa_adm_ns)).toBe(3.5);
  const pluginOf = async () =>
    (
      await withDb((db) =>
        db.query(`select p.plugin from services s left join service_plugins p on p.svc_id = s.svc_id where s.svc_name = $1`, [SERVICE]),
      )
    ).rows[0].plugin;
  expect(await pluginOf()).toBe('plgCelular');

  // Edit: the modal opens with the formatted values; a new value and rate are saved.
  await table.edit(SERVICE);
  await form.expectOk('unchanged');
  await expect(valor).toHaveValue('R$ 1.234,56');
  await expect(taxa).toHaveValue('2,75 %');
  await expect(plugin).toHaveValue('Celular');
  await plugin.click();
  await page.getByRole('option', { name: 'CCH adicional' }).click();
  await valor.fill('98765,4');
  await expect(valor).toHaveValue('R$ 98.765,40');
  await taxa.fill('1,5');
  await dialog.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Remessa' }).click();
  await form.expectOk('changed');
  await form.save();
  await expectToast(page, 'Registro atualizado com sucesso');
  // A row added in this session keeps its "new" marker after an edit.
  await expect(row).toHaveAttribute('data-marker', 'insert');
  await expect(row).toContainText('R$ 98.765,40');
  await expect(row).toContainText('1,50 %');
  await expect(row).toContainText('Remessa');
  expect(await pluginOf()).toBe('plgCCHAdd');
  await page.screenshot({ path: 'test-results/screens/servicos-list.png' });

  // Delete with the spec's confirmation.
  const confirmDelete = await table.delete(SERVICE);
  await expect(confirmDelete.text('Tem certeza que deseja apagar o registro')).toBeVisible();
  await confirmDelete.yes();
  await expectToast(page, 'Registro apagado com sucesso');
  await table.expectMarker(SERVICE, 'delete');
  await page.reload();
  await expect(page.getByText(EMPTY_HINT)).toBeVisible();

  // Changing the supplier resets the product and hides the services.
  await supplierPicker.click();
  await page.getByRole('option', { name: SUPPLIER }).click();
  await productPicker.click();
  await page.getByRole('option', { name: PRODUCT }).click();
  // The deleted service is gone from the server's list.
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();
  await expect(table.row(SERVICE)).toHaveCount(0);

  await supplierPicker.click();
  await page.getByRole('option', { name: 'Unimed Cooperativa Médica' }).click();
  await expect(supplierPicker).toHaveValue('Unimed Cooperativa Médica');
  await expect(productPicker).toHaveValue('');
  await expect(page.getByText(EMPTY_HINT)).toBeVisible();
  await expect(newService).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  // Only this supplier's products are offered.
  await productPicker.click();
  await expect(page.getByRole('option', { name: 'Plano de saúde Unimed' })).toBeVisible();
  await expect(page.getByRole('option', { name: PRODUCT })).toHaveCount(0);
  await page.getByRole('option', { name: 'Plano de saúde Unimed' }).click();
  const seeded = table.row('Titular 0 a 18 anos');
  await expect(seeded).toContainText('R$ 289,50');
  await expect(seeded).toContainText('2,50 %');
  await expect(seeded).toContainText('0 a 18');
});
