import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { expectToast, stateOf, withDb } from '../fixtures/app.js';
import { addOpenPeriodPosting } from '../fixtures/fixtures-api.js';
import { MemberRecord } from '../fixtures/member-record.js';

/**
 * The member record's Extratos tab (issue 14): a demo holder with two years of ledger opens on the open period's
 * table, reverses an entry (both confirmations, success toast, the counter-entry in the reloaded table), then a
 * closed period shows its statement PDF embedded; axe-core on the tab (table and PDF states).
 */

const DESCRIPTION = `Lançamento E2E ${Date.now()}`;
let holder: { cstId: number; name: string };

test.beforeAll(async () => {
  await withDb(async (db) => {
    // A demo holder with a unique name, a CPF (the PDF prints it) and closed periods in the ledger.
    const { rows } = await db.query<{ cstId: number; name: string }>(`
      select c.cst_id as "cstId", c.cust_name as name from customers c
      where c.parent_id is null and c.cust_cpf is not null
        and exists (select 1 from statement_entries e join closing_periods p on p.fec_id = e.fec_id where e.cst_id = c.cst_id and p.locked_at is not null)
        and (select count(*) from customers o where o.cust_name = c.cust_name) = 1
      order by c.cst_id limit 1`);
    holder = rows[0]!;
    // An entry of this run in the open period, to be reversed.
    await addOpenPeriodPosting(db, holder, { description: DESCRIPTION, cents: 4321 });
  });
});

async function openStatements(page: Page) {
  const record = new MemberRecord(page);
  await record.openFromSearch(holder.name.toLowerCase().split(' ').slice(0, 3).join(' '), holder.name);
  await record.openTab('Extratos');
}

test.describe('Extratos tab', () => {
  test.use({ storageState: stateOf('superadmin') });

  test('the open period lists the entries; an entry is reversed after both confirmations; a closed period shows its PDF', async ({ page }) => {
    test.setTimeout(120_000);
    await openStatements(page);
    const table = page.getByRole('table', { name: 'Lançamentos do período em aberto' });
    await expect(table).toBeVisible();
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: DESCRIPTION, exact: true }) });
    await expect(row).toContainText('R$ 43,21');
    await expectNoSeriousViolations(page, 'Extratos: período em aberto');

    await row.getByRole('button', { name: `Estornar lançamento ${DESCRIPTION}` }).click();
    await expect(page.getByText('Tem certeza que deseja estornar este lançamento?')).toBeVisible();
    await page.getByRole('button', { name: 'SIM' }).click();
    const second = page.getByRole('dialog', { name: 'Deseja estornar?' });
    await expect(second).toBeVisible();
    await expectNoSeriousViolations(page, 'Extratos: confirmação do estorno');
    await second.getByRole('button', { name: 'SIM' }).click();
    await expectToast(page, 'Estorno realizado com sucesso');
    await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: `Estorno: ${DESCRIPTION}`, exact: true }) })).toContainText(
      'R$ -43,21',
    );
    await expect(row).toContainText('Estornado');
    await expect(row.getByRole('button', { name: /Estornar/ })).toHaveCount(0);

    // The first closed period (newest): its PDF, embedded.
    const pdf = page.waitForResponse((r) => /\/api\/v1\/user\/extratopdf\//.test(r.url()));
    await page.getByRole('combobox', { name: 'Período' }).click();
    const option = page.getByRole('option').nth(1);
    const label = (await option.textContent())!.trim();
    await option.click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await expect(page.getByTitle(`Extrato ${label}`)).toBeVisible();
    await expectNoSeriousViolations(page, 'Extratos: período fechado (PDF)');

    // The reversal is in the ledger, linked to its entry.
    const linked = await withDb((db) =>
      db.query<{ n: number }>(
        `select count(*)::int as n from statement_entries c join statement_entries p on p.ext_id = c.ext_estorno_parent
         where p.ext_descricao = $1 and c.ext_valor = -4321`,
        [DESCRIPTION],
      ),
    );
    expect(linked.rows[0]!.n).toBe(1);
  });
});
