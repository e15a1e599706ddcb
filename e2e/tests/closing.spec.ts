import { expect, test } from '@playwright/test';
import { withDb } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { roles, signInByApi, signedOut } from '../fixtures/roles.js';

// Runs in its own project, the setup's teardown, after every other spec (playwright.config.ts): it locks the demo's
// open period. It signs in on its own: it may run alone, without the setup's saved sign-ins.
test.use({ storageState: signedOut });

test('the finance user previews the month, types FECHAR and closes it: statements, charges and the next period', async ({ page }) => {
  const before = await withDb(async (db) => (await db.query(`select fec_id, fec_ano, fec_mes from closing_periods where locked_at is null`)).rows[0]);
  await signInByApi(page.context().request, roles.financeiro.cpf);
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Financeiro' }).click();
  await menu.getByRole('button', { name: 'Fechamento' }).click();
  await menu.getByRole('link', { name: 'Fechar' }).click();
  await expect(page.getByRole('heading', { name: 'Fechamento', level: 1 })).toBeVisible();
  const month = `${String(before.fec_mes).padStart(2, '0')}/${before.fec_ano}`;
  await expect(page.getByRole('heading', { name: `Prévia do fechamento — período ${month}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Por serviço' }).getByRole('row')).not.toHaveCount(1);
  await expectNoSeriousViolations(page, 'Fechamento');

  const button = page.getByRole('button', { name: 'FECHAR', exact: true });
  await expect(button).toBeDisabled();
  await page.getByLabel('Digite FECHAR para confirmar').fill('FECHAR');
  await expect(button).toBeEnabled();
  const doneToast = page.getByText('Tarefa concluída com sucesso').waitFor({ timeout: 60_000 });
  await button.click();
  await expect(page.getByText('Fechamento iniciado, consulte o andamento no sino de notificações')).toBeVisible();
  await doneToast;

  await page.getByRole('button', { name: 'Atualizar' }).click();
  const runs = page.getByRole('table', { name: 'Fechamentos realizados' });
  // The row whose period is the month (the demo's own closing of the month before starts in this month too).
  await expect(runs.getByRole('row', { name: new RegExp(`^${month.replace('/', '\\/')} `) })).toContainText('Concluído');

  const after = await withDb(async (db) => ({
    locked: (await db.query(`select locked_at is not null as locked from closing_periods where fec_id = $1`, [before.fec_id])).rows[0].locked,
    open: (await db.query(`select fec_id from closing_periods where locked_at is null`)).rows[0].fec_id,
    entries: (await db.query(`select count(*)::int as n from statement_entries where fec_id = $1 and ext_tipo = 'fechamento'`, [before.fec_id]))
      .rows[0].n,
    charges: (await db.query(`select count(*)::int as n from charges where fec_id = $1`, [before.fec_id])).rows[0].n,
  }));
  expect(after.locked).toBe(true);
  expect(after.open).not.toBe(before.fec_id);
  expect(after.entries).toBeGreaterThan(0);
  expect(after.charges).toBeGreaterThan(0);
});
