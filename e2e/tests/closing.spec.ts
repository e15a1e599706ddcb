import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  buildDebitReturnFrom,
  chargeMessages,
  debitPlaces,
  decodeLatin1,
  formatCents,
  formatDate,
  formatNumeroInterno,
  openBalanceChannels,
  readDebitReturn,
} from '@assoc/domain';
import { withDb } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { MemberRecord } from '../fixtures/member-record.js';
import { roles, signInByApi, signedOut } from '../fixtures/roles.js';
// The API tests' reader of PDF text (pdfjs-dist, with the Node 20 polyfill it needs).
import { pdfText } from '../../apps/api/src/modules/documents/pdf-text.testing.js';

// Runs in its own project, the setup's teardown, after every other spec (playwright.config.ts): it locks the demo's
// open period. It signs in on its own: it may run alone, without the setup's saved sign-ins.
test.use({ storageState: signedOut });

test('the finance user previews the month, types FECHAR and closes it: statements, charges and the next period', async ({ page }) => {
  // The closing, then a member's Extratos (a PDF rendered by the server), Cobranças and the open balance of a channel.
  test.setTimeout(300_000);
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

  // What the closing did, seen as the finance user sees it: a holder it charged, in Extratos, Cobranças, Saldo em aberto.
  const holder = await chargedHolder(before.fec_id);
  await test.step("Extratos: the closed period offered, its statement with the closing's service line", async () => {
    const record = new MemberRecord(page);
    await record.openFromSearch(holder.name.toLowerCase().split(' ').slice(0, 3).join(' '), holder.name);
    await record.openTab('Extratos');
    const pdf = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/v1/user/extratopdf/${holder.cstId}/${before.fec_id}`);
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: month, exact: true }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    await expect(page.getByTitle(`Extrato ${month}`)).toBeVisible();
    // The PDF the page shows (its iframe's blob: URL is out of the test's reach: the page's CSP), asked again with the
    // page's session at the address the page asked.
    const again = await page.request.get(response.url());
    expect(again.headers()['content-type']).toBe('application/pdf');
    const bytes = await again.body();
    const text = (await pdfText(new Uint8Array(bytes))).join(' ');
    expect(text).toContain(holder.line.description);
    expect(text).toContain(formatCents(holder.line.value));
    expect(text).toContain(`Saldo final: ${formatCents(holder.balance)}`);
  });

  await test.step('Cobranças: the new charge of the period with its due date and value', async () => {
    await new MemberRecord(page).openTab('Cobranças');
    const table = page.getByRole('table', { name: 'Cobranças' });
    const due = formatDate(holder.charge.due);
    expect(due).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const row = table.getByRole('row').filter({ hasText: due });
    await expect(row).toHaveCount(1);
    // Vencimento, Local, Retorno (none yet), Valor.
    const cells = row.getByRole('cell');
    await expect(cells.nth(0)).toHaveText(due);
    await expect(cells.nth(1)).toHaveText(holder.charge.place);
    await expect(cells.nth(2)).toHaveText('');
    await expect(cells.nth(3)).toHaveText(formatCents(holder.charge.value));
  });

  await test.step('Saldo em aberto: the holder in its channel with the Saldo of the ledger', async () => {
    await openOpenBalance(page);
    await page.getByLabel('Canal de cobrança').click();
    await page.getByRole('option', { name: holder.channel, exact: true }).click();
    const table = page.getByRole('table', { name: 'Saldo em aberto' });
    await expect(table.getByRole('row').nth(1)).toContainText(/\d{6}-\d/, { timeout: 30_000 });
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: holder.name, exact: true }) });
    // The table renders a window of the list and adds rows when scrolled to its end: scroll until the holder shows.
    await expect(async () => {
      if ((await row.count()) === 0) {
        await table.getByRole('row').nth(1).hover();
        await page.mouse.wheel(0, 20_000);
      }
      expect(await row.count()).toBe(1);
    }).toPass({ timeout: 60_000 });
    await expect(row).toContainText(formatNumeroInterno(holder.numero));
    await expect(row).toContainText(formatCents(holder.balance));
  });
});

/** Financeiro → Cobrança → Saldo em aberto, through the menu. */
async function openOpenBalance(page: Page) {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Financeiro' }).click();
  await menu.getByRole('button', { name: 'Cobrança' }).click();
  await menu.getByRole('link', { name: 'Saldo em aberto' }).click();
  await expect(page.getByRole('heading', { name: 'Saldo em aberto', level: 1 })).toBeVisible();
}

/**
 * A holder the closing of `fecId` charged, as the database has it: a name no other person's starts with (the search
 * finds them by it), a debit place with a channel of its own (a bank debit or a boleto, not payroll nor "Sem cobrança
 * bancária"), a balance still positive; its charge of the period, a service line of the period (the shortest
 * description, so the PDF's table cell does not wrap it) and its balance (the sum of every entry, never below 0).
 */
async function chargedHolder(fecId: number) {
  const row = await withDb(async (db) => {
    const { rows } = await db.query<{
      cstId: number;
      name: string;
      numero: string;
      place: number;
      due: string;
      chargeValue: number;
      chargePlace: number;
      description: string;
      lineValue: number;
      balance: string;
    }>(
      `select c.cst_id as "cstId", c.cust_name as name, c.cust_numero_interno as numero, coalesce(c.bnk_id, 11) as place,
              to_char(ch.cob_vencimento, 'YYYY-MM-DD') as due, ch.cob_valor as "chargeValue", ch.bnk_id as "chargePlace",
              l.ext_descricao as description, l.ext_valor as "lineValue",
              greatest(0, (select sum(e.ext_valor) from statement_entries e where e.cst_id = c.cst_id)) as balance
       from charges ch
       join customers c on c.cst_id = ch.cst_id and c.parent_id is null
       cross join lateral (
         select e.ext_descricao, e.ext_valor from statement_entries e
         where e.cst_id = c.cst_id and e.fec_id = $1 and e.ext_tipo = 'fechamento' and e.svc_id is not null and e.ext_valor > 0
         order by length(e.ext_descricao), e.ext_id limit 1) l
       where ch.fec_id = $1 and coalesce(c.bnk_id, 11) in (1, 2, 11, 18) and length(c.cust_name) > 0
         and not exists (select 1 from customers o where o.cst_id <> c.cst_id and o.cust_name ilike c.cust_name || '%')
         and (select sum(e.ext_valor) from statement_entries e where e.cst_id = c.cst_id) > 0
       order by c.cst_id limit 1`,
      [fecId],
    );
    return rows[0];
  });
  expect(row, 'a holder charged by the closing').toBeDefined();
  const channel = openBalanceChannels('').find((c) => c.value === row!.place)!.label;
  return {
    cstId: row!.cstId,
    name: row!.name,
    numero: row!.numero,
    channel,
    charge: { due: row!.due, value: row!.chargeValue, place: debitPlaces.find((p) => p.bnkId === row!.chargePlace)!.bankName },
    line: { description: row!.description, value: row!.lineValue },
    balance: Number(row!.balance),
  };
}

test('after the closing: the remittance from the menu, its file downloaded, a bank return imported, the paid and rejected charges reconciled', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page.context().request, roles.financeiro.cpf);
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Financeiro' }).click();
  await menu.getByRole('button', { name: 'Cobrança' }).click();
  await menu.getByRole('button', { name: 'Gerar remessa de cobrança' }).click();
  const doneToast = page.getByText('Tarefa concluída com sucesso').waitFor({ timeout: 60_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'SIM' }).click();
  await doneToast;

  // The newest Banco do Brasil file: the closing's charges of that bank.
  const rm = await withDb(
    async (db) =>
      (await db.query(`select rm_id, records from bank_remittances where bnk_id = 2 order by rm_id desc limit 1`)).rows[0] as {
        rm_id: number;
        records: number;
      },
  );
  expect(rm.records).toBeGreaterThan(1);
  await menu.getByRole('link', { name: 'Remessa' }).click();
  await expect(page.getByRole('heading', { name: 'Remessas', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'Remessas');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Baixar arquivo da remessa ${rm.rm_id}` }).click();
  const remittance = decodeLatin1(new Uint8Array(await readFile(await (await download).path())));
  const [paid, rejected] = readDebitReturn(remittance).requests;
  expect(paid && rejected).toBeTruthy();
  const ret = buildDebitReturnFrom(remittance, { [paid!.chargeId]: '00', [rejected!.chargeId]: '01' }, { nsa: 5000 + rm.rm_id });

  await menu.getByRole('link', { name: 'Importar banco' }).click();
  await expect(page.getByRole('heading', { name: 'Importar retorno bancário', level: 1 })).toBeVisible();
  await page.getByLabel('Banco / tipo de retorno').click();
  await page.getByRole('option', { name: 'Banco do Brasil - débito automático (CNAB 150)' }).click();
  await page.locator('input[type="file"]').setInputFiles({ name: 'retorno-bb.ret', mimeType: 'text/plain', buffer: Buffer.from(ret.text, 'latin1') });
  const imported = page.getByText('Tarefa concluída com sucesso').waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'IMPORTAR' }).click();
  await imported;
  const history = page.getByRole('table', { name: 'Importações feitas, a mais nova primeiro' });
  await expect(history.getByRole('row').filter({ hasText: 'retorno-bb.ret' })).toContainText('Concluída');
  await expectNoSeriousViolations(page, 'Importar banco');

  // The reconciliation: one paid, one rejected with the bank's reason.
  await menu.getByRole('link', { name: 'Remessa' }).click();
  await page.getByRole('button', { name: `Conciliação da remessa ${rm.rm_id}` }).click();
  const drawer = page.getByRole('dialog', { name: `Remessa ${rm.rm_id}` });
  await expect(drawer.getByText('Pagas', { exact: true }).locator('..')).toContainText('1 ·');
  await drawer.getByLabel('Situação').click();
  await page.getByRole('option', { name: 'Rejeitadas' }).click();
  await expect(drawer.getByRole('row').filter({ hasText: String(rejected!.chargeId) })).toContainText('01 - Débito não efetuado');
  await expectNoSeriousViolations(page, 'Conciliação');

  const charge = await withDb(
    async (db) =>
      (
        await db.query(
          `select ch.cst_id, ch.cob_valor, to_char(ch.cob_vencimento, 'YYYY-MM-DD') as due, to_char(ch.cob_retorno, 'YYYY-MM-DD') as retorno,
                  ch.cdr_cod_ret
             from charges ch where ch.cob_id = $1`,
          [Number(paid!.chargeId)],
        )
      ).rows[0] as { cst_id: number; cob_valor: number; due: string; retorno: string | null; cdr_cod_ret: number },
  );
  expect(charge).toMatchObject({ retorno: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), cdr_cod_ret: 0 });

  // The paid charge as the holder's record shows it: its return date in Cobranças, and the credit in the open statement.
  const record = new MemberRecord(page);
  await record.openByState({ cstId: charge.cst_id, parentId: null });
  await record.openTab('Cobranças');
  const row = page
    .getByRole('table', { name: 'Cobranças' })
    .getByRole('row')
    .filter({ hasText: formatDate(charge.due) })
    .filter({ hasText: formatCents(charge.cob_valor) });
  await expect(row.getByRole('cell').nth(2)).toHaveText(formatDate(charge.retorno));
  await record.openTab('Extratos');
  await page.getByRole('combobox', { name: 'Período' }).click();
  await page.getByRole('option', { name: 'Em aberto', exact: true }).click();
  const credit = page
    .getByRole('table', { name: 'Lançamentos do período em aberto' })
    .getByRole('row')
    .filter({ hasText: chargeMessages.paymentByDebit });
  await expect(credit).toContainText(formatCents(-charge.cob_valor));
});
