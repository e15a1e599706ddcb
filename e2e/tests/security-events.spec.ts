import { expect, test } from '@playwright/test';
import { Shell, signInByApi, users } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';

test('Eventos de segurança: the superadmin sees their own sign-in, filters by kind, and the screen passes axe', async ({ page }) => {
  // A sign-in of its own (through the API, as the web does): the newest sign-in event is this one.
  await signInByApi(page.request, users.superadmin);
  await page.goto('/');
  const menu = new Shell(page).menu();
  const group = menu.getByRole('button', { name: 'Avançado', exact: true });
  if ((await group.getAttribute('data-expanded')) == null) await group.click();
  await expect(group).toHaveAttribute('data-expanded', 'true');
  // The home screen may still be settling right after sign-in: click again until the route changes.
  await expect(async () => {
    await menu.getByRole('link', { name: 'Eventos de segurança' }).click();
    await expect(page).toHaveURL(/\/seguranca$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Eventos de segurança' })).toBeVisible();

  const table = page.getByRole('table');
  const signIn = table.getByRole('row').filter({ hasText: 'Entrada no sistema' }).first();
  await expect(signIn).toBeVisible();
  await expect(signIn).toContainText('111.444.777-35');

  await page.getByRole('combobox', { name: 'Tipo de evento' }).click();
  await page.getByRole('option', { name: 'Entrada no sistema', exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: 'Saída do sistema' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Entrada no sistema' }).first()).toBeVisible();

  await expectNoSeriousViolations(page, '/seguranca');
});
