import { expect, test } from '@playwright/test';
import { stateOf } from '../fixtures/app.js';
import { CrudTable, FormModal } from '../fixtures/crud.js';

test.use({ storageState: stateOf('superadmin') });

test('SMS templates: add (name in upper case), edit, delete and recover', async ({ page }) => {
  await page.goto('/emails');
  await expect(page.getByRole('heading', { name: 'E-Mails' })).toBeVisible();
  for (const tab of ['SMS', 'WhatsApp', 'E-mail']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'SMS' })).toHaveAttribute('aria-selected', 'true');
  const table = new CrudTable(page);
  // The seeded SMS templates are listed.
  await expect(table.row('ANIVERSARIO')).toBeVisible();

  await table.add();
  const form = new FormModal(page, 'Modelo de SMS');
  await form.expectOk('invalid');
  await form.field('Nome').pressSequentially('lembrete e2e');
  await expect(form.field('Nome')).toHaveValue('LEMBRETE E2E');
  await form.field('Descrição').fill('Lembrete de vencimento');
  await form.field('Mensagem').fill('Seu boleto vence amanhã. Evite juros!');
  await form.expectOk('changed');
  await page.screenshot({ path: 'test-results/screens/emails-form.png' });
  await form.save();
  await expect(page.getByText('Registro adicionado com sucesso')).toBeVisible();
  await form.expectClosed();
  await table.expectMarker('LEMBRETE E2E', 'insert');

  await table.edit('LEMBRETE E2E');
  await form.expectOk('unchanged');
  await form.field('Descrição').fill('Lembrete de vencimento do boleto');
  await form.save();
  await expect(page.getByText('Registro atualizado com sucesso')).toBeVisible();
  await expect(table.row('Lembrete de vencimento do boleto')).toBeVisible();

  const confirmDelete = await table.delete('LEMBRETE E2E');
  await expect(confirmDelete.text('Tem certeza que deseja apagar o registro')).toBeVisible();
  await confirmDelete.yes();
  await expect(page.getByText('Registro apagado com sucesso')).toBeVisible();
  await table.expectMarker('LEMBRETE E2E', 'delete');
  await page.screenshot({ path: 'test-results/screens/emails-list.png' });

  const confirmRestore = await table.restore('LEMBRETE E2E');
  await expect(confirmRestore.text('Tem certeza que deseja recuperar o registro')).toBeVisible();
  await confirmRestore.yes();
  await table.expectMarker('LEMBRETE E2E', 'update');

  // The recovered template is really back on the server.
  await page.reload();
  await expect(table.row('LEMBRETE E2E')).toBeVisible();
});
