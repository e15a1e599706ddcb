import { expect, test, type Page } from '@playwright/test';
import { LoginPage, users } from '../fixtures/app.js';

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('SMS templates: add (name in upper case), edit, delete and recover', async ({ page }) => {
  await new LoginPage(page).signIn(users.superadmin);
  await page.goto('/emails');
  await expect(page.getByRole('heading', { name: 'E-Mails' })).toBeVisible();
  for (const tab of ['SMS', 'WhatsApp', 'E-mail']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'SMS' })).toHaveAttribute('aria-selected', 'true');
  // The seeded SMS templates are listed.
  await expect(rowWith(page, 'ANIVERSARIO')).toBeVisible();

  await page.getByRole('button', { name: 'Novo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Modelo de SMS' });
  const ok = dialog.getByRole('button', { name: 'Ok' });
  await expect(ok).toHaveAttribute('data-state', 'invalid');
  await dialog.getByLabel('Nome').pressSequentially('lembrete e2e');
  await expect(dialog.getByLabel('Nome')).toHaveValue('LEMBRETE E2E');
  await dialog.getByLabel('Descrição').fill('Lembrete de vencimento');
  await dialog.getByLabel('Mensagem').fill('Seu boleto vence amanhã. Evite juros!');
  await expect(ok).toHaveAttribute('data-state', 'changed');
  await page.screenshot({ path: 'test-results/screens/emails-form.png' });
  await ok.click();
  await expect(page.getByText('Registro adicionado com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowWith(page, 'LEMBRETE E2E')).toHaveAttribute('data-marker', 'insert');

  await rowWith(page, 'LEMBRETE E2E').getByRole('button', { name: 'Editar' }).click();
  await expect(ok).toHaveAttribute('data-state', 'unchanged');
  await dialog.getByLabel('Descrição').fill('Lembrete de vencimento do boleto');
  await ok.click();
  await expect(page.getByText('Registro atualizado com sucesso')).toBeVisible();
  await expect(rowWith(page, 'Lembrete de vencimento do boleto')).toBeVisible();

  await rowWith(page, 'LEMBRETE E2E').getByRole('button', { name: 'Apagar' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Apagando serviço' });
  await expect(confirmDelete.getByText('Tem certeza que deseja apagar o registro')).toBeVisible();
  await confirmDelete.getByRole('button', { name: 'SIM' }).click();
  await expect(page.getByText('Registro apagado com sucesso')).toBeVisible();
  await expect(rowWith(page, 'LEMBRETE E2E')).toHaveAttribute('data-marker', 'delete');
  await page.screenshot({ path: 'test-results/screens/emails-list.png' });

  await rowWith(page, 'LEMBRETE E2E').getByRole('button', { name: 'Recuperar' }).click();
  const confirmRestore = page.getByRole('dialog', { name: 'Recuperando serviço' });
  await expect(confirmRestore.getByText('Tem certeza que deseja recuperar o registro')).toBeVisible();
  await confirmRestore.getByRole('button', { name: 'SIM' }).click();
  await expect(rowWith(page, 'LEMBRETE E2E')).toHaveAttribute('data-marker', 'update');

  // The recovered template is really back on the server.
  await page.reload();
  await expect(rowWith(page, 'LEMBRETE E2E')).toBeVisible();
});
