import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { Shell, stateOf, withDb } from '../fixtures/app.js';
import { MemberRecord } from '../fixtures/member-record.js';

/**
 * Issue 22 #23 and #19: a seeded holder (written by the seed, no audit) changed once lists its base version,
 * "Versão inicial", whose "Restaurar esta versão" brings the seeded data back; in audit mode (the screen narrowed
 * by the list of changes, 1440 px) every date shows whole, DD/MM/YYYY, none cut ("13/03/200").
 */

test.use({ storageState: stateOf('superadmin'), viewport: { width: 1440, height: 900 } });

async function openFromSearch(page: Page, name: string) {
  // Again when a click lands on a result list being replaced (the search answers while it is typed).
  await expect(async () => {
    await page.goto('/');
    await new Shell(page).searchBox().fill(name);
    await page.getByRole('option').filter({ hasText: name }).first().click({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 90_000 });
}

const email = (page: Page) => new MemberRecord(page).textbox('E-mail', 'E-mail', { exactSection: true });

/** The text fits its box: nothing of the value is hidden past the field's edge. */
const fitsItsBox = (field: Locator) => field.evaluate((el) => el.scrollWidth <= el.clientWidth);

test('a seeded holder changed once: its base version is listed, shown with whole dates and restored', async ({ page }) => {
  test.setTimeout(300_000);
  // A seeded holder no audit has seen, with dates in the Datas section; from the end of the list (other specs take the first ones).
  const found = await withDb((db) =>
    db.query<{ cust_name: string; cust_email: string | null }>(
      `select c.cust_name, c.cust_email from customers c
       where c.parent_id is null and c.cust_admissao is not null and c.cust_marriage is not null and c.cust_email is not null
         and not exists (select 1 from audits a where a.category = 'users' and a.owner_id = c.cst_id)
         and (select count(*) from customers o where o.cust_name = c.cust_name) = 1
       order by c.cst_id desc limit 1`,
    ),
  );
  const { cust_name: name, cust_email: seededEmail } = found.rows[0]!;

  await openFromSearch(page, name);
  await email(page).fill('versao.base.e2e@example.com');
  await new MemberRecord(page).save();

  await openFromSearch(page, name);
  await page.getByRole('button', { name: 'Auditoria' }).click();
  const changes = page.getByRole('complementary', { name: 'Alterações' });
  await expect(changes.getByRole('button')).toHaveCount(2);
  const base = changes.getByRole('button').nth(1);
  await expect(base).toContainText('Versão inicial');
  await base.click();
  await expect(
    page.getByText(/^Versão inicial: os dados de \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}, antes da primeira alteração registrada$/),
  ).toBeVisible();
  await expect(email(page)).toHaveValue(seededEmail!);

  // Every date of the version whole and visible.
  const dates = page.getByRole('group', { name: 'Datas' });
  for (const label of ['Admissão', 'Casamento']) {
    const field = dates.getByRole('textbox', { name: label, exact: true });
    await expect(field).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await fitsItsBox(field), `${label} cut`).toBe(true);
  }
  const birth = page.getByRole('group', { name: 'Dados pessoais' }).getByRole('textbox', { name: /^Nascimento/ });
  await expect(birth).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(await fitsItsBox(birth), 'Nascimento cut').toBe(true);
  await expectNoSeriousViolations(page, 'Member audit mode: the base version');

  await page.getByRole('button', { name: 'Restaurar esta versão' }).click();
  await expect(email(page)).toHaveValue(seededEmail!);
  await new MemberRecord(page).save();
  await openFromSearch(page, name);
  await expect(email(page)).toHaveValue(seededEmail!);
});
