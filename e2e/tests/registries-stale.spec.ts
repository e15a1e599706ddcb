import { expect, test } from '@playwright/test';
import { LoginPage, users, withDb } from '../fixtures/app.js';

// Decision 5 / issue 8 §11, as a user meets it: someone else saved the holiday while this form was open.
test('a save over a newer version is refused; the form keeps the focus, asks before discarding, and Recarregar brings the fresh record', async ({ page }) => {
  const description = `Feriado concorrente ${Date.now()}`;
  await withDb((db) => db.query(`insert into feriados (fer_dia, fer_descricao) values ('2031-03-03', $1)`, [description]));
  await new LoginPage(page).signIn(users.superadmin);
  await page.goto('/feriados');
  await page.getByRole('textbox', { name: 'Filtrar' }).fill(description);
  const row = page.getByRole('row').filter({ hasText: description });
  await row.getByRole('button', { name: /editar/i }).click();
  const modal = page.getByRole('dialog', { name: 'Feriado' });
  await modal.getByLabel('Descrição').fill(`${description} (meu)`);

  // Another user's save, straight into the database: new text, next version.
  await withDb((db) => db.query(`update feriados set fer_descricao = $2, version = version + 1 where fer_descricao = $1`, [description, `${description} (outro)`]));

  await modal.getByRole('button', { name: 'Ok' }).click();
  await expect(modal.getByText('Registro alterado por outro usuário. Recarregue para continuar.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Recarregar' })).toBeVisible();
  // The focus stays in the form: Escape asks before dropping the typed text.
  await expect(modal.getByRole('button', { name: 'Ok' })).toBeFocused();
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Descartar alterações?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(modal.getByLabel('Descrição')).toHaveValue(`${description} (meu)`);

  await modal.getByRole('button', { name: 'Recarregar' }).click();
  await expect(modal.getByLabel('Descrição')).toHaveValue(`${description} (outro)`);
  await expect(modal.getByText('Registro alterado por outro usuário. Recarregue para continuar.')).toHaveCount(0);
  const stored = await withDb((db) => db.query(`select count(*)::int as n from feriados where fer_descricao = $1`, [`${description} (meu)`]));
  expect(stored.rows[0].n).toBe(0);
});
