import { expect, test, type Page } from '@playwright/test';
import { expectToast, Shell, stateOf, withDb } from '../fixtures/app.js';
import { MemberRecord } from '../fixtures/member-record.js';

// A refund from the member search to FINALIZADO by the approver (Financeiro: v2dev + v2devapr), and its credit in the
// holder's Extratos (issue 27). Screens are opened through the menu and the search box, never by reloading.
test.use({ storageState: stateOf('financeiro') });
test.setTimeout(120_000);

let holder: { cstId: number; name: string };
let chain: { supName: string; sucName: string; svcName: string };

test.beforeAll(async () => {
  await withDb(async (db) => {
    // A holder of its own (the newest ids, a unique name, no refund yet), and a live supplier → product → service chain.
    holder = (
      await db.query<{ cstId: number; name: string }>(`
        select c.cst_id as "cstId", c.cust_name as name from customers c
         where c.parent_id is null and c.cust_deceased is null and c.cust_cpf is not null
           and (select count(*) from customers o where o.cust_name = c.cust_name) = 1
           and not exists (select 1 from refunds r where r.cst_id = c.cst_id)
         order by c.cst_id desc offset 7 limit 1`)
    ).rows[0]!;
    chain = (
      await db.query<{ supName: string; sucName: string; svcName: string }>(`
        select su.sup_name as "supName", pr.suc_name as "sucName", s.svc_name as "svcName"
          from services s join products pr on pr.suc_id = s.suc_id join suppliers su on su.sup_id = pr.sup_id
         where s.deleted_at is null and pr.deleted_at is null and su.deleted_at is null
           and (select count(*) from suppliers x where x.sup_name = su.sup_name and x.deleted_at is null) = 1
           and (select count(*) from products x where x.suc_name = pr.suc_name and x.sup_id = su.sup_id and x.deleted_at is null) = 1
           and (select count(*) from services x where x.svc_name = s.svc_name and x.suc_id = pr.suc_id and x.deleted_at is null) = 1
         order by s.svc_id limit 1`)
    ).rows[0]!;
  });
});

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function moveTo(page: Page, rowName: string, status: string) {
  await page.getByRole('button', { name: new RegExp(`^Alterar devolução \\d+ de ${rowName}$`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Alteração' });
  await pick(page, dialog, 'Situação', status);
  await dialog.getByRole('button', { name: 'Atualizar' }).click();
  await expectToast(page, 'Devolução salva');
  await expect(dialog).toBeHidden();
}

test('a refund goes from the member search to FINALIZADO and its credit shows in the holder Extratos', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Devolução' }).click();
  await expect(page.getByRole('heading', { name: 'Devolução', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Nova Devolução' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Devolução' });
  await dialog.getByRole('combobox', { name: /^Associado/ }).fill(holder.name);
  await page.getByRole('option', { name: `${holder.name} (titular)` }).click();
  await expect(dialog.getByRole('textbox', { name: 'Titular' })).toHaveValue(holder.name);
  await pick(page, dialog, 'Fornecedor', chain.supName);
  await pick(page, dialog, 'Produto', chain.sucName);
  await pick(page, dialog, 'Serviço', chain.svcName);
  await dialog.getByRole('textbox', { name: /^Valor/ }).fill('123,45');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expectToast(page, 'Devolução salva');

  await page.getByRole('textbox', { name: 'Buscar por nome ou CPF' }).fill(holder.name);
  await expect(page.getByRole('row').filter({ hasText: holder.name })).toContainText('R$ 123,45');
  await moveTo(page, holder.name, 'APROVADO');
  await pick(page, page.getByRole('main'), 'Situação', 'APROVADOS');
  await expect(page.getByRole('row').filter({ hasText: holder.name })).toContainText('Sistema');
  await moveTo(page, holder.name, 'FINALIZADO');

  const devId = await withDb(
    async (db) =>
      (await db.query<{ devId: number }>(`select dev_id as "devId" from refunds where cst_id = $1 and dev_status = 3`, [holder.cstId])).rows[0]!
        .devId,
  );
  // The holder's record through the search box, then its Extratos: the credit of the open period.
  await new Shell(page).searchBox().fill(holder.name.toLowerCase());
  await page.getByRole('option').filter({ hasText: holder.name }).first().click();
  const record = new MemberRecord(page);
  await expect(record.heading(holder.name)).toBeVisible({ timeout: 60_000 });
  await record.openTab('Extratos');
  const table = page.getByRole('table', { name: 'Lançamentos do período em aberto' });
  const description = `Devolução nº ${devId} - ${chain.svcName}`;
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: description, exact: true }) })).toContainText('R$ -123,45');
});
