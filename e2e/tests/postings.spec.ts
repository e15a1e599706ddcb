import { expect, test, type Page } from '@playwright/test';
import { stateOf, withDb } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';

// Postings (issue 24 item 1) against the demo's services (docs/POSTINGS.md): three typed rows of "Aparelho celular
// parcelado", then one row by phone on "Conta de celular por número" with the demo phone that resolves to one member.
test.use({ storageState: stateOf('financeiro') });
// Two jobs and four axe runs on a shared 2-core machine: more than the default minute.
test.setTimeout(180_000);

interface Person {
  cst_id: number;
  cust_name: string;
}

async function chooseService(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Serviço' }).click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'LANÇAR' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

async function confirmAndWait(page: Page, lanAfter: number, rows: number) {
  await page.getByRole('button', { name: 'LANÇAR' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deseja efetuar o lançamento?' });
  await expect(dialog).toContainText('ATENÇÃO: Esta operação uma vez realizada não poderá ser revertida');
  await dialog.getByRole('button', { name: 'SIM' }).click();
  // The first batch's toast may still be on screen: the newest is the last.
  await expect(page.getByText('Lançamentos sendo processados, consulte o andamento no sino de notificações').last()).toBeVisible();
  // The job posts the batch: one entry per row in the open period.
  await expect
    .poll(
      () =>
        withDb(async (db) => {
          const batch = (await db.query(`select lan_id from postings where lan_id > $1 order by lan_id desc limit 1`, [lanAfter])).rows[0];
          if (!batch) return -1;
          return (await db.query(`select count(*)::int as n from statement_entries where ext_key like $1`, [`lanc:${batch.lan_id}:%`])).rows[0].n;
        }),
      { timeout: 60_000 },
    )
    .toBe(rows);
}

test('the finance user posts three typed rows and one by phone; the entries land in the open period', async ({ page }) => {
  const { people, lanBefore, phoneOwner } = await withDb(async (db) => ({
    // Holders of their own (the newest ids), so no other spec's member is touched.
    people: (
      await db.query<Person>(`select c.cst_id, c.cust_name from customers c
        where c.parent_id is null and c.cust_deceased is null and c.cust_assoc_situacao is distinct from 5
          and (select count(*) from customers o where o.cust_name = c.cust_name) = 1
        order by c.cst_id desc limit 3`)
    ).rows,
    lanBefore: (await db.query(`select coalesce(max(lan_id), 0)::int as n from postings`)).rows[0].n as number,
    phoneOwner: (await db.query<Person>(`select cst_id, cust_name from customers where cust_celular_ddd || cust_celular = '11955500001'`)).rows[0]!,
  }));
  expect(people).toHaveLength(3);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Lançamentos' }).click();
  await expect(page.getByRole('heading', { name: 'Lançamentos', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'Lançamentos: escolha do serviço');

  await chooseService(page, 'Aparelho celular parcelado');
  for (const [i, person] of people.entries()) {
    const n = i + 1;
    const member = page.getByRole('textbox', { name: `Associado da linha ${n}` });
    await member.fill(person.cust_name);
    await page
      .getByRole('option', { name: new RegExp(person.cust_name) })
      .first()
      .click();
    await page.getByRole('textbox', { name: `Valor da linha ${n}` }).fill(`${100 + n},00`);
    if (n === 1) await page.getByRole('textbox', { name: 'Parcelas da linha 1' }).fill('3');
    if (n < 3) await page.getByRole('button', { name: 'Adicionar linha' }).click();
  }
  await expect(page.getByLabel('Valor da parcela da linha 1')).toHaveText('R$ 33,68');
  await expect(page.getByText('Total: R$ 306,00')).toBeVisible();
  await expectNoSeriousViolations(page, 'Lançamentos: modo padrão');
  await confirmAndWait(page, lanBefore, 3);

  const lanTyped = await withDb(async (db) => (await db.query(`select max(lan_id)::int as n from postings`)).rows[0].n as number);
  const first = await withDb(
    async (db) =>
      (
        await db.query(
          `select e.ext_descricao, e.ext_valor, p.locked_at is null as open from statement_entries e join closing_periods p on p.fec_id = e.fec_id
            where e.ext_key = $1`,
          [`lanc:${lanTyped}:0:1`],
        )
      ).rows[0],
  );
  expect(first).toMatchObject({ ext_descricao: 'Aparelho celular parcelado — Parcela 1/3', ext_valor: 3368, open: true });

  // Phone mode: the service choice is back; the demo phone resolves to its one member.
  await chooseService(page, 'Conta de celular por número');
  await page.getByRole('textbox', { name: 'Telefone da linha 1' }).fill('11955500001');
  await expect(page.getByLabel('Associado da linha 1')).toHaveText(phoneOwner.cust_name);
  await page.getByRole('textbox', { name: 'Valor da linha 1' }).fill('87,50');
  await expectNoSeriousViolations(page, 'Lançamentos: modo telefone');
  await confirmAndWait(page, lanTyped, 1);
  const byPhone = await withDb(
    async (db) =>
      (await db.query(`select cst_id, resp_id, ext_valor from statement_entries where ext_key like $1`, [`lanc:${lanTyped + 1}:%`])).rows[0],
  );
  expect(byPhone.ext_valor).toBe(8750);
  expect([byPhone.cst_id, byPhone.resp_id]).toContain(phoneOwner.cst_id);
});
