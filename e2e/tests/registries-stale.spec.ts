import { expect, test } from '@playwright/test';
import { stateOf, withDb } from '../fixtures/app.js';
import { CrudTable, FormModal } from '../fixtures/crud.js';
import { createHoliday } from '../fixtures/fixtures-api.js';

test.use({ storageState: stateOf('superadmin') });

// Decision 5 / issue 8 §11, as a user meets it: someone else saved the holiday while this form was open.
test('a save over a newer version is refused; the form keeps the focus, asks before discarding, and Recarregar brings the fresh record', async ({
  page,
}) => {
  const description = `Feriado concorrente ${Date.now()}`;
  await withDb((db) => createHoliday(db, { day: '2031-03-03', description }));
  await page.goto('/feriados');
  const table = new CrudTable(page);
  await table.filter(description);
  await table.edit(description);
  const form = new FormModal(page, 'Feriado');
  await form.field('Descrição').fill(`${description} (meu)`);

  // Another user's save, straight into the database: new text, next version.
  await withDb((db) =>
    db.query(`update feriados set fer_descricao = $2, version = version + 1 where fer_descricao = $1`, [description, `${description} (outro)`]),
  );

  await form.save();
  await expect(form.staleAlert()).toBeVisible();
  await expect(form.reloadButton()).toBeVisible();
  // The focus stays in the form: Escape asks before dropping the typed text.
  await expect(form.ok).toBeFocused();
  const discard = await form.pressEscape();
  await expect(discard.dialog).toBeVisible();
  await discard.keepEditing();
  await expect(form.field('Descrição')).toHaveValue(`${description} (meu)`);

  await form.reloadButton().click();
  await expect(form.field('Descrição')).toHaveValue(`${description} (outro)`);
  await expect(form.staleAlert()).toHaveCount(0);
  const stored = await withDb((db) => db.query(`select count(*)::int as n from feriados where fer_descricao = $1`, [`${description} (meu)`]));
  expect(stored.rows[0].n).toBe(0);
});
