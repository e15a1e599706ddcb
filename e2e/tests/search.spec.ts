import { expect, test } from '@playwright/test';
import { Shell, stateOf, withDb } from '../fixtures/app.js';
import { createHolder, deletePeople } from '../fixtures/fixtures-api.js';

const NAME = 'Conceição Araújo Guimarães Teste';

test.use({ storageState: stateOf('atendimento') });

test.beforeAll(async () => {
  await withDb(async (db) => {
    await deletePeople(db, NAME);
    await createHolder(db, {
      name: NAME,
      cpf: '52998224725',
      birthdate: '1961-03-15',
      numeroInterno: '7654321',
      status: 'M',
      socio: 'S',
      estadoCivil: null,
      bnkId: null,
      address: null,
    });
  });
});

test('search a member by a partial accent-less name and open it', async ({ page }) => {
  await page.goto('/');
  const box = new Shell(page).searchBox();
  await box.fill('araujo guima');
  const option = page.getByRole('option').filter({ hasText: NAME });
  await expect(option).toBeVisible();
  await expect(option).toContainText('529.982.247-25');
  await expect(option).toContainText('765432-1');
  await option.click();
  await expect(page).toHaveURL(/\/associado$/);
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  // The view is recorded: the dashboard history lists it first.
  await page.getByRole('navigation').getByText('Painel', { exact: true }).click();
  await expect(page.getByText('Histórico de visualizações')).toBeVisible();
  await expect(page.getByText(NAME).first()).toBeVisible();
});

// Clearing this context's cookies loses the session on the client only: the saved one stays valid on the server.
test('a 401 on any call shows the session-lost popup and leads back to /login', async ({ page, context }) => {
  await page.goto('/');
  await expect(new Shell(page).searchBox()).toBeVisible();
  await context.clearCookies();
  await new Shell(page).searchBox().fill('silva');
  await expect(page.getByText('Sessão expirada, faça um novo login para continuar')).toBeVisible();
  await page.getByRole('button', { name: /ok/i }).click();
  await expect(page).toHaveURL(/\/login/);
});
