import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { expectToast, stateOf, withDb } from '../fixtures/app.js';
import { createEmailTemplate, createHolder, deletePeople } from '../fixtures/fixtures-api.js';
import { MemberRecord } from '../fixtures/member-record.js';

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
    await deletePeople(db, NAME);
    await createHolder(db, { name: NAME, birthdate: '1971-03-14', numeroInterno: '7654426', email: EMAIL, comunicacao: 1 });
    await createEmailTemplate(db, { name: TEMPLATE, description: 'Boas-vindas E2E', body: 'Olá, {nome}! Seja bem-vindo(a).' });
  });
});

async function openMember(page: Page) {
  const record = new MemberRecord(page);
  await record.openFromSearch('teodora valadares aba', NAME);
  return record;
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

    await new MemberRecord(page).openTab('Qualificação');
    const qualification = page.getByRole('group', { name: 'Qualificação civil' });
    await expect(qualification).toBeVisible();
    await expectNoSeriousViolations(page, 'Qualificação tab');
    await qualification.getByRole('textbox', { name: 'Naturalidade' }).fill('Ouro Preto');

    await new MemberRecord(page).openTab('Configurações');
    const access = page.getByRole('group', { name: 'Acesso ao portal' });
    await expect(access).toBeVisible();
    await expectNoSeriousViolations(page, 'Configurações tab');
    await access.getByRole('switch', { name: 'Acesso ao portal' }).check();
    await expect(page.getByRole('tab', { name: 'Configurações (alterações pendentes)' })).toBeVisible();

    await new MemberRecord(page).saveAndClose();

    await openMember(page);
    await expect(page.getByRole('group', { name: 'Opções' }).getByRole('combobox', { name: 'Preferência de comunicação', exact: true })).toHaveValue(
      'WhatsApp',
    );
    await new MemberRecord(page).openTab('Qualificação');
    await expect(page.getByRole('group', { name: 'Qualificação civil' }).getByRole('textbox', { name: 'Naturalidade' })).toHaveValue('Ouro Preto');
    await new MemberRecord(page).openTab('Configurações');
    await expect(page.getByRole('switch', { name: 'Acesso ao portal' })).toBeChecked();
    await page.getByRole('button', { name: 'Enviar link de primeiro acesso' }).click();
    await expectToast(page, 'Link de primeiro acesso enviado.');
  });

  test('composes an e-mail from a template, sees it listed and reads it; the first-access e-mail shows no body', async ({ page }) => {
    test.setTimeout(120_000);
    await openMember(page);
    await new MemberRecord(page).openTab('E-Mail');
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
