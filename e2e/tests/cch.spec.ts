import { expect, test } from '@playwright/test';
import { cchMessages, formatCents, formatDate, isoDateInAppZone } from '@assoc/domain';
import { stateOf, withDb } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { MemberRecord } from '../fixtures/member-record.js';

/**
 * The CCH end to end (issue 26 "Tests"): from a member's record, 'CCH - Novo' with a scan; then on /cch the request is
 * approved (DEFERIDO) and paid (PAGO: the bank data from the member); the credit shows in the member's Extratos and the
 * approval letter opens as a PDF. On a holder of its own (the newest enrolled one with a debit account). Then the CCH
 * increase raises Benefício 1 (only upwards: no other spec's balance can fall short).
 */
test.use({ storageState: stateOf('superadmin') });
test.setTimeout(180_000);

const SCAN = { name: 'recibo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };

test('a request from the member record to PAGO: its credit in Extratos and the approval letter', async ({ page }) => {
  const holder = await withDb(
    async (db) =>
      (
        await db.query<{ cst_id: number; cust_name: string }>(`
          select c.cst_id, c.cust_name from customers c
            join customer_services cs on cs.cst_id = c.cst_id
            join service_plugins sp on sp.svc_id = cs.svc_id and sp.plugin in ('plgCCH', 'plgCCHAdd')
           where c.parent_id is null and c.cust_deceased is null and c.bnk_id in (1, 2) and c.bnkacc_account is not null
             and c.bnkacc_account_digit is not null and c.cust_cpf is not null and cs.csl_date1 < current_date - 400
             and (select count(*) from customers o where o.cust_name = c.cust_name) = 1
           order by c.cst_id desc limit 1`)
      ).rows[0]!,
  );
  const today = isoDateInAppZone();
  const record = new MemberRecord(page);
  await page.goto('/');
  await record.openByState({ cstId: holder.cst_id, parentId: null });

  await test.step("'CCH - Novo' with its scan: saved EM ANÁLISE", async () => {
    await page.getByRole('button', { name: 'CCH - Novo' }).click();
    const dialog = page.getByRole('dialog', { name: 'CCH - Novo' });
    await expect(dialog.getByText(cchMessages.scanRequired)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Benefício' }).click();
    await page.getByRole('option', { name: 'Benefício 1', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Plano de saúde' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('textbox', { name: /^Data do procedimento/ }).fill(formatDate(today));
    await dialog.getByRole('textbox', { name: /^Valor total/ }).fill('80,00');
    await dialog.getByRole('textbox', { name: /^Valor solicitado/ }).fill('50,00');
    const tuss = dialog.getByRole('textbox', { name: /^TUSS/ });
    await tuss.fill('10101012');
    await tuss.blur();
    await expect(dialog.getByText(/Consulta em consultório/)).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles(SCAN);
    await expect(dialog.getByText('Documento enviado')).toBeVisible();
    await expectNoSeriousViolations(page, 'CCH - Novo');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
  });
  const cchId = await withDb(
    async (db) => (await db.query(`select max(cch_id)::int as id from cch_requests where cst_id = $1`, [holder.cst_id])).rows[0].id as number,
  );
  const who = `${cchId} de ${holder.cust_name}`;

  await test.step('on /cch: EM ANÁLISE → DEFERIDO → PAGO with the bank data of the member', async () => {
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'CCH', exact: true }).click();
    await page.getByRole('textbox', { name: 'Buscar por nome ou CPF' }).fill(holder.cust_name);
    await page.getByRole('button', { name: `Editar solicitação ${who}` }).click();
    let dialog = page.getByRole('dialog', { name: `CCH nº ${cchId}` });
    await dialog.getByRole('combobox', { name: 'Situação' }).click();
    await page.getByRole('option', { name: 'DEFERIDO', exact: true }).click();
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('combobox', { name: 'Situação' }).first().click();
    await page.getByRole('option', { name: 'DEFERIDO', exact: true }).click();
    await page.getByRole('button', { name: `Editar solicitação ${who}` }).click();
    dialog = page.getByRole('dialog', { name: `CCH nº ${cchId}` });
    await dialog.getByRole('combobox', { name: 'Situação' }).click();
    await page.getByRole('option', { name: 'PAGO', exact: true }).click();
    await expect(dialog.getByRole('textbox', { name: /^Nome do cliente/ })).toHaveValue(holder.cust_name.slice(0, 64));
    await expect(dialog.getByRole('textbox', { name: /^Valor pago/ })).toHaveValue('R$ 50,00');
    await dialog.getByRole('textbox', { name: /^Data do pagamento/ }).fill(formatDate(today));
    await expectNoSeriousViolations(page, 'CCH: pagamento');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the approval letter opens as a PDF', async () => {
    await page.getByRole('combobox', { name: 'Situação' }).first().click();
    await page.getByRole('option', { name: 'PAGO', exact: true }).click();
    const letter = page.getByRole('link', { name: `Carta de deferimento da solicitação ${who}` });
    const reply = await page.request.get((await letter.getAttribute('href'))!);
    expect(reply.headers()['content-type']).toContain('application/pdf');
  });

  await test.step("the credit in the member's Extratos (open period)", async () => {
    await record.openByState({ cstId: holder.cst_id, parentId: null });
    await record.openTab('Extratos');
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Em aberto', exact: true }).click();
    const credit = page
      .getByRole('table', { name: 'Lançamentos do período em aberto' })
      .getByRole('row')
      .filter({ hasText: `CCH nº ${cchId}` });
    await expect(credit).toContainText(formatCents(-5000));
  });
});

test('the CCH increase: AUMENTO typed, a higher Benefício 1 from today, the success text', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'CCH Aumento' }).click();
  const current = page.getByRole('textbox', { name: 'Benefício 1 - Valores Atuais' });
  await expect(current).not.toHaveValue('');
  const cents = Number((await current.inputValue()).replace(/\D/g, ''));
  const next = page.getByRole('textbox', { name: 'Benefício 1 - Valores Novos' });
  await next.fill(formatCents(cents + 1000).replace('R$ ', ''));
  await page.getByRole('textbox', { name: /^Data base do aumento/ }).fill(formatDate(isoDateInAppZone()));
  await page.getByRole('textbox', { name: /^Confirmação/ }).fill('AUMENTO');
  await page.getByRole('button', { name: 'AUMENTAR' }).click();
  await expect(page.getByText(cchMessages.increaseSuccess)).toBeVisible();
  await expect(current).toHaveValue(formatCents(cents + 1000));
});

test.describe('the CCH-only user', () => {
  test.use({ storageState: stateOf('cch') });

  test('lands on the CCH list, opened on EM ANÁLISE', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'CCH' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Situação' })).toHaveValue('EM ANÁLISE');
    await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Painel' })).toHaveCount(0);
  });
});
