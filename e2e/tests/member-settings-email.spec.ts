import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { expectToast, randomDocument, Shell, stateOf, withDb } from '../fixtures/app.js';

/**
 * The member record's Configurações, Qualificação and E-Mail tabs (issue 13, decision 20): a qualification field and
 * the communication preference changed, saved and seen again on reopening; the portal access turned on and the
 * first-access link sent; an e-mail composed from an E-mail template (the member's name filled in by the server)
 * listed in the E-Mail tab and opened; axe-core on the three tabs and the compose modal.
 */

const NAME = 'Teodora Valadares Aba Configuracoes';
const EMAIL = 'teodora.valadares@example.com';
const TEMPLATE = 'E2E BOAS VINDAS';

test.beforeAll(async () => {
  await withDb(async (db) => {
    await db.query(`delete from outbox where cst_id in (select cst_id from customers where cust_name = $1)`, [NAME]);
    await db.query(`delete from users where cst_id in (select cst_id from customers where cust_name = $1)`, [NAME]);
    await db.query(`delete from customers where cust_name = $1`, [NAME]);
    const { rows } = await db.query<{ cst_id: number }>(
      `insert into customers (cust_name, cust_cpf, cust_birthdate, cust_sex, cust_status, cust_assoc_situacao, cust_numero_interno, cust_socio,
         cust_estado_civil, bnk_id, cust_email, cust_comunicacao)
       values ($1, $2, '1971-03-14', 1, 'A', 1, '7654426', 'N', 2, 11, $3, 1) returning cst_id`,
      [NAME, randomDocument('cpf'), EMAIL],
    );
    await db.query(
      `insert into addresses (cst_id, kind, ad_zipcode, ad_address, ad_number, ad_bairro, ad_city, ad_state)
       values ($1, 1, '01310100', 'Avenida Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP')`,
      [rows[0]!.cst_id],
    );
    await db.query(`delete from message_templates where em_name = $1`, [TEMPLATE]);
    await db.query(`insert into message_templates (channel, em_name, em_description, em_data) values ('email', $1, 'Boas-vindas E2E', $2)`, [
      TEMPLATE,
      'Olá, {nome}! Seja bem-vindo(a).',
    ]);
  });
});

async function openMember(page: Page) {
  await page.goto('/');
  await new Shell(page).searchBox().fill('teodora valadares aba');
  await page.getByRole('option').filter({ hasText: NAME }).first().click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
}

test.describe('Configurações, Qualificação and E-Mail tabs', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: stateOf('superadmin') });

  test('changes a qualification field and the communication preference, turns the portal access on, saves and reopens', async ({ page }) => {
    test.setTimeout(120_000);
    await openMember(page);
    const options = page.getByRole('group', { name: 'Opções' });
    await options.getByRole('combobox', { name: 'Preferência de comunicação', exact: true }).click();
    await page.getByRole('option', { name: 'WhatsApp' }).click();

    await page.getByRole('tab', { name: /^Qualificação/ }).click();
    const qualification = page.getByRole('group', { name: 'Qualificação civil' });
    await expect(qualification).toBeVisible();
    await expectNoSeriousViolations(page, 'Qualificação tab');
    await qualification.getByRole('textbox', { name: 'Naturalidade' }).fill('Ouro Preto');

    await page.getByRole('tab', { name: /^Configurações/ }).click();
    const access = page.getByRole('group', { name: 'Acesso ao portal' });
    await expect(access).toBeVisible();
    await expectNoSeriousViolations(page, 'Configurações tab');
    await access.getByRole('switch', { name: 'Acesso ao portal' }).check();
    await expect(page.getByRole('tab', { name: 'Configurações (alterações pendentes)' })).toBeVisible();

    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Atualização realizada com sucesso');
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await openMember(page);
    await expect(page.getByRole('group', { name: 'Opções' }).getByRole('combobox', { name: 'Preferência de comunicação', exact: true })).toHaveValue(
      'WhatsApp',
    );
    await page.getByRole('tab', { name: /^Qualificação/ }).click();
    await expect(page.getByRole('group', { name: 'Qualificação civil' }).getByRole('textbox', { name: 'Naturalidade' })).toHaveValue('Ouro Preto');
    await page.getByRole('tab', { name: /^Configurações/ }).click();
    await expect(page.getByRole('switch', { name: 'Acesso ao portal' })).toBeChecked();
    await page.getByRole('button', { name: 'Enviar link de primeiro acesso' }).click();
    await expectToast(page, 'Link de primeiro acesso enviado.');
  });

  test('composes an e-mail from a template, sees it listed and reads it; the first-access e-mail shows no body', async ({ page }) => {
    test.setTimeout(120_000);
    await openMember(page);
    await page.getByRole('tab', { name: /^E-Mail/ }).click();
    const table = page.getByRole('table', { name: 'E-mails do associado' });
    await expect(table.getByRole('row').filter({ hasText: 'Primeiro acesso ao portal' })).toBeVisible();
    await expectNoSeriousViolations(page, 'E-Mail tab');

    await page.getByRole('button', { name: 'Novo e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo e-mail' });
    await dialog.getByRole('combobox', { name: 'Modelo', exact: true }).click();
    await page.getByRole('option', { name: `${TEMPLATE} – Boas-vindas E2E` }).click();
    await expect(dialog.getByText('Olá, {nome}! Seja bem-vindo(a).')).toBeVisible();
    await expectNoSeriousViolations(page, 'E-Mail: Novo e-mail');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expectToast(page, 'E-mail colocado na fila de envio.');
    await expect(dialog).toBeHidden();

    await table.getByRole('button', { name: 'Abrir: Boas-vindas E2E' }).click();
    const mail = page.getByRole('dialog', { name: 'Boas-vindas E2E' });
    await expect(mail.getByText(`Olá, ${NAME}! Seja bem-vindo(a).`)).toBeVisible();
    await page.keyboard.press('Escape');
    await table.getByRole('button', { name: 'Abrir: Primeiro acesso ao portal' }).first().click();
    await expect(page.getByRole('dialog').getByText('(conteúdo protegido)')).toBeVisible();
  });
});
