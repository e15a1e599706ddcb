import { expect, test } from '@playwright/test';
import { stateOf, withDb } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';

test.use({ storageState: stateOf('financeiro') });
// Two axe runs and a job on a machine shared by several runs: more than the default minute.
test.setTimeout(180_000);

test('the finance user starts EFETUADO for the last closed period and sees it finish in the notification area', async ({ page }) => {
  const last = await withDb(
    async (db) =>
      (await db.query(`select fec_id, fec_ano, fec_mes from closing_periods where locked_at is not null order by fec_ano desc, fec_mes desc limit 1`))
        .rows[0],
  );
  const month = `${String(last.fec_mes).padStart(2, '0')}/${last.fec_ano}`;
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Financeiro' }).click();
  await menu.getByRole('button', { name: 'Fechamento' }).click();
  await menu.getByRole('link', { name: 'Efetuado' }).click();
  await expect(page.getByRole('heading', { name: 'Efetuado', level: 1 })).toBeVisible();
  // The newest closed period is picked.
  await expect(page.getByRole('combobox', { name: 'Data do fechamento' })).toHaveValue(new RegExp(`^${month.replace('/', '\\/')} — fechado em`));
  await expectNoSeriousViolations(page, 'Efetuado');

  // The range rule, on the screen.
  const tjsp = page.getByRole('region', { name: 'Folha do TJSP (vencimentos no intervalo)' });
  await tjsp.getByLabel('Data inicial').fill('10/11/2026');
  await tjsp.getByLabel('Data final').fill('01/11/2026');
  await expect(tjsp.getByText('A data inicial não pode ser posterior à data final.')).toBeVisible();
  await expect(tjsp.getByRole('button', { name: 'EFETUADO TJSP' })).toBeDisabled();
  await expectNoSeriousViolations(page, 'Efetuado (intervalo inválido)');

  const button = page.getByRole('button', { name: 'EFETUADO', exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  const confirm = page.getByRole('dialog', { name: 'EFETUADO' });
  await expect(confirm).toContainText('Deseja gerar o relatório EFETUADO do período?');
  const doneToast = page.getByText('Tarefa concluída com sucesso').waitFor({ timeout: 60_000 });
  await confirm.getByRole('button', { name: 'SIM' }).click();
  await expect(page.getByText('Solicitação enviada. Consulte a área de notificações para acompanhar.')).toBeVisible();
  await doneToast;

  await page.getByRole('button', { name: /^Notificações/ }).click();
  const modal = page.getByRole('dialog', { name: 'Notificações' });
  const item = modal.getByRole('listitem', { name: 'EFETUADO' }).first();
  await expect(item.getByTestId('job-state')).toContainText('Concluída');
  const fileName = `efetuado-${month.replace('/', '-')}.pdf`;
  await expect(item.getByRole('button', { name: fileName })).toBeVisible();

  const job = await withDb(
    async (db) => (await db.query(`select job_status, user_data from jobs where job_name = 'efetuado' order by job_submitted desc limit 1`)).rows[0],
  );
  expect(job.job_status).toBe(30);
  expect(job.user_data).toBe(String(last.fec_id));
});
