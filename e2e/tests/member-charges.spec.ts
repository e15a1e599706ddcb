import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { expectToast, randomDocument, Shell, stateOf, withDb } from '../fixtures/app.js';

/**
 * The member record's Cobranças tab (issue 14): a holder who owes R$ 246,74 from a closed period; "Nova cobrança"
 * with its defaults, changed to a boleto, saved with the member; reopened, the charge waits for its return (yellow,
 * "Aguardando retorno", Nova cobrança disabled) and its boleto is printed (downloaded: a PDF); "Cobrança - Detalhes"
 * shows its linha digitável; axe-core on the tab and its modals.
 */

const NAME = 'Belmira Quaresma Aba Cobranças';
const DEBT = 24674;

// A saved holder with every required field and a closed period of the ledger that billed it (written as the monthly
// closing would: the period's entries, then the period locked; a fixture month far from the demo ledger's).
test.beforeAll(async () => {
  await withDb(async (db) => {
    const old = await db.query<{ cst_id: number }>(`select cst_id from customers where cust_name = $1`, [NAME]);
    const ids = old.rows.map((r) => r.cst_id);
    if (ids.length) {
      await db.query(`delete from charges where cst_id = any($1)`, [ids]);
      await db.query(`set session_replication_role = replica`); // statement entries are immutable (triggers)
      await db.query(`delete from statement_entries where cst_id = any($1)`, [ids]);
      await db.query(`set session_replication_role = default`);
      await db.query(`delete from customers where cst_id = any($1)`, [ids]);
    }
    const { rows } = await db.query<{ cst_id: number }>(
      `insert into customers (cust_name, cust_cpf, cust_birthdate, cust_sex, cust_status, cust_assoc_situacao, cust_numero_interno, cust_socio,
         cust_estado_civil, cust_email, bnk_id, cust_cobranca_dia)
       values ($1, $2, '1966-03-14', 1, 'A', 1, '7654425', 'N', 2, 'belmira.cobrancas@example.com', 11, 4) returning cst_id`,
      [NAME, randomDocument('cpf')],
    );
    const cstId = rows[0]!.cst_id;
    await db.query(
      `insert into addresses (cst_id, kind, ad_zipcode, ad_address, ad_number, ad_bairro, ad_city, ad_state)
       values ($1, 1, '01310100', 'Avenida Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP')`,
      [cstId],
    );
    // A closed month of 2000 for the fixture: inserted locked (no other period may be open), its entry written past the
    // locked-period trigger as the closing had written it before locking.
    const period = await db.query<{ fec_id: number }>(
      `insert into closing_periods (fec_ano, fec_mes, locked_at) values (2000, 1, now())
       on conflict (fec_ano, fec_mes) do update set fec_ano = excluded.fec_ano returning fec_id`,
    );
    await db.query(`set session_replication_role = replica`);
    await db.query(
      `insert into statement_entries (cst_id, fec_id, ext_descricao, ext_valor, ext_tipo) values ($1, $2, 'Mensalidade associativa', $3, 'fechamento')`,
      [cstId, period.rows[0]!.fec_id, DEBT],
    );
    await db.query(`set session_replication_role = default`);
    // The print choice is asked (not a remembered one).
    await db.query(`update user_preferences set preferences = preferences - 'printChoice'`);
  });
});

async function openCharges(page: Page) {
  await page.goto('/');
  await new Shell(page).searchBox().fill('belmira quaresma aba');
  await page.getByRole('option').filter({ hasText: NAME }).first().click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await page.getByRole('tab', { name: /^Cobranças/ }).click();
  const table = page.getByRole('table', { name: 'Cobranças' });
  await expect(table).toBeVisible();
  return table;
}

test.describe('Cobranças tab', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: stateOf('superadmin') });

  test('creates a boleto charge for the debt and prints its boleto', async ({ page }) => {
    test.setTimeout(120_000);
    const table = await openCharges(page);
    await expect(table.getByText('Nenhuma cobrança')).toBeVisible();
    await expect(page.getByText('Débito em aberto: R$ 246,74')).toBeVisible();
    await expectNoSeriousViolations(page, 'Cobranças tab');

    const add = page.getByRole('button', { name: 'Nova cobrança', exact: true });
    await expect(add).toBeEnabled();
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar nova cobrança' });
    await expect(dialog.getByRole('textbox', { name: /^Valor/ })).toHaveValue('R$ 246,74');
    await expect(dialog.getByRole('textbox', { name: /^Lançamentos/ })).toHaveValue('1');
    await expectNoSeriousViolations(page, 'Cobranças: Adicionar nova cobrança');
    await dialog.getByRole('combobox', { name: 'Local', exact: true }).click();
    await page.getByRole('option', { name: 'Boleto bancário', exact: true }).click();
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'R$ 246,74' })).toHaveAttribute('data-operation', 'insert');
    await expect(add).toBeDisabled();

    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Atualização realizada com sucesso');
    await expect(page).toHaveURL((url) => url.pathname === '/');

    const reopened = await openCharges(page);
    const row = reopened.getByRole('row').filter({ hasText: 'R$ 246,74' });
    await expect(row).toHaveAttribute('data-state', 'open');
    await expect(row).toContainText('Boleto Bancário');
    await expect(row).toContainText('Aguardando retorno');
    await expect(page.getByRole('button', { name: 'Nova cobrança', exact: true })).toBeDisabled();
    await expectNoSeriousViolations(page, 'Cobranças tab with an open boleto');

    await row.getByRole('button', { name: /^Detalhes da/ }).click();
    const details = page.getByRole('dialog', { name: 'Cobrança - Detalhes' });
    const linha = details.getByRole('textbox', { name: 'Linha digitável' });
    await expect(linha).toHaveValue(/^00190\.00009 01474\.16600\d /);
    // The whole line shows (issue 22 #19): nothing past the box's edge.
    expect(await linha.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    await expectNoSeriousViolations(page, 'Cobranças: Cobrança - Detalhes');
    await details.getByRole('button', { name: 'Fechar', exact: true }).last().click();

    // Print: "Tem certeza?", then the print choice (Download) saves the PDF.
    await row.getByRole('button', { name: /^Imprimir boleto/ }).click();
    await page.getByRole('dialog', { name: 'Boleto bancário' }).getByRole('button', { name: 'SIM' }).click();
    const choice = page.getByRole('dialog', { name: 'Selecionar como imprimir' });
    await expect(choice).toBeVisible();
    await choice.getByRole('radio', { name: 'Download' }).check();
    const downloading = page.waitForEvent('download');
    await choice.getByRole('button', { name: 'Ok' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^boleto-\d+\.pdf$/);
    const bytes = await (await import('node:fs/promises')).readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // E-mail: both confirmations, then the spec's message.
    await row.getByRole('button', { name: /^Enviar boleto/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Tem certeza?' });
    await expect(confirm).toContainText('Enviar boleto bancário por e-mail?');
    await confirm.getByRole('button', { name: 'SIM' }).click();
    await expectToast(page, 'E-mail enviado com sucesso!');
  });
});
