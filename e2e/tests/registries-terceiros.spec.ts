import { expect, test } from '@playwright/test';
import { stateOf, withDb } from '../fixtures/app.js';
import { CrudTable, FormModal } from '../fixtures/crud.js';

const CNPJ = '11444777000161';
const NAME = 'Laboratório Análises E2E Ltda';

test.use({ storageState: stateOf('superadmin') });

test.beforeAll(async () => {
  // The seed generates random valid documents: make sure this one is free.
  await withDb((db) => db.query(`delete from terceiros where ter_cpf_cnpj = $1 or ter_nome = $2`, [CNPJ, NAME]));
});

test('adds a company third party with a valid CNPJ; the address comes from the CEP lookup', async ({ page }) => {
  await page.goto('/terceiros');
  await expect(page.getByRole('heading', { name: 'Terceiros' })).toBeVisible();

  const table = new CrudTable(page);
  await table.add();
  const form = new FormModal(page, 'Terceiro');
  const dialog = form.dialog;
  await dialog.getByText('Pessoa jurídica (CNPJ)').click();

  // A wrong check digit first.
  await dialog.getByRole('textbox', { name: 'CNPJ' }).fill('11444777000162');
  await dialog.getByLabel('Nome').click();
  // The spec's one message beside the type field (spec 3 §8).
  await expect(dialog.getByText('CPF/CNPJ Inválido', { exact: true })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'CNPJ' }).fill(CNPJ);
  await dialog.getByLabel('Nome').click();
  await expect(dialog.getByText('CPF/CNPJ Inválido', { exact: true })).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'CNPJ' })).toHaveValue('11.444.777/0001-61');
  await dialog.getByLabel('Nome').fill(NAME);
  await dialog.getByLabel('Contato').fill('Dra. Helena Prado');
  await dialog.getByLabel('E-mail').fill('contato@analises-e2e.com.br');

  // An unknown CEP leaves the address empty and editable.
  await dialog.getByLabel('CEP').pressSequentially('99999999');
  await expect(dialog.getByLabel('CEP')).toHaveValue('99999-999');
  await expect(dialog.getByLabel('Cidade')).toHaveValue('');
  await expect(dialog.getByLabel('Cidade')).not.toHaveAttribute('readonly');

  // A known CEP fills and locks street, bairro, city and UF, then the number takes the focus.
  await dialog.getByLabel('CEP').fill('');
  await dialog.getByLabel('CEP').pressSequentially('01310100');
  await expect(dialog.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
  await expect(dialog.getByLabel('Bairro')).toHaveValue('Bela Vista');
  await expect(dialog.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(dialog.getByLabel('UF')).toHaveValue('SP');
  for (const label of ['Logradouro', 'Bairro', 'Cidade', 'UF']) await expect(dialog.getByLabel(label, { exact: true })).toHaveAttribute('readonly');
  await expect(dialog.getByLabel('Número')).toBeFocused();
  await page.keyboard.type('1578');
  await dialog.getByLabel('Complemento').fill('sala 12');
  await dialog.getByLabel('Telefone 1').fill('1133334444');
  await expect(dialog.getByLabel('Telefone 1')).toHaveValue('(11) 3333-4444');
  await form.expectOk('changed');
  await page.screenshot({ path: 'test-results/screens/terceiros-form.png' });
  await form.save();

  await expect(page.getByText('Registro adicionado com sucesso')).toBeVisible();
  await table.filter('análises e2e');
  const row = table.row(NAME);
  await table.expectMarker(NAME, 'insert');
  await expect(row).toContainText('11.444.777/0001-61');
  await expect(row).toContainText('(11) 3333-4444');
  await expect(row).toContainText('São Paulo/SP');
  await page.screenshot({ path: 'test-results/screens/terceiros-list.png' });

  // Another third party may not take the same CNPJ: the server check says so on leaving the field.
  await table.add();
  await dialog.getByText('Pessoa jurídica (CNPJ)').click();
  await dialog.getByRole('textbox', { name: 'CNPJ' }).fill(CNPJ);
  await dialog.getByLabel('Nome').click();
  await expect(dialog.getByText('CPF/CNPJ já cadastrado para outro terceiro')).toBeVisible();
  await dialog.getByLabel('Nome').fill('Outra empresa qualquer');
  await form.expectOk('invalid');
});
