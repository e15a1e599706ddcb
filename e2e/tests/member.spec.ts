import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { expectToast, randomDocument, signedOut, signInByApi, stateOf, withDb } from '../fixtures/app.js';
import { MemberRecord } from '../fixtures/member-record.js';
import { roles } from '../fixtures/roles.js';

/**
 * The member record screen (issue 12): a new member with two addresses and a bank account, reopened from the
 * search, edited, the change seen highlighted in audit mode and the earlier version restored; a user with
 * view-only roles sees read-only sections and no Salvar.
 */

const NAME = 'Quitéria Bastos Registro Teste';
const CPF = randomDocument('cpf');

/** A dropdown of the form by its label (Mantine Select: click, then the option). */
const pick = (scope: Locator, label: string, option: string | RegExp) => new MemberRecord(scope.page()).pick(scope, label, option);

const openFromSearch = (page: Page, text: string, name: string) => new MemberRecord(page).openFromSearch(text, name);

const email = (page: Page) => new MemberRecord(page).textbox('E-mail', 'E-mail', { exactSection: true });

test.describe('member record', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: stateOf('superadmin') });

  test.beforeAll(async () => {
    await withDb((db) => db.query(`delete from customers where cust_name = $1`, [NAME]));
  });

  test('creates a member with two addresses and a bank account, reopens it, edits it, sees the change in audit mode and restores the earlier version', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/novoassociado');
    await expect(page.getByRole('heading', { level: 1, name: 'NOVO ASSOCIADO' })).toBeVisible();
    const add = page.getByRole('button', { name: 'Adicionar' });
    await expect(add).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Auditoria' })).toHaveCount(0);

    const personal = page.getByRole('group', { name: 'Dados pessoais' });
    await personal.getByRole('textbox', { name: 'Nome', exact: true }).fill(NAME);
    await personal.getByRole('textbox', { name: 'CPF', exact: true }).fill(CPF);
    await personal.getByRole('textbox', { name: 'Nascimento', exact: true }).fill('04/05/1980');
    await pick(personal, 'Sexo', 'Feminino');
    await pick(personal, 'Estado civil', 'Casado(a)');
    await pick(page.getByRole('group', { name: 'Perfil', exact: true }), 'Perfil', /^F - /);

    const addresses = page.getByRole('group', { name: 'Endereços' });
    await addresses.getByRole('textbox', { name: 'CEP' }).pressSequentially('01310100');
    await expect(addresses.getByLabel('Cidade')).toHaveValue('São Paulo');
    await addresses.getByLabel('Número').fill('1000');
    await addresses.getByRole('tab', { name: 'Comercial' }).click();
    await addresses.getByRole('textbox', { name: 'CEP' }).pressSequentially('20040002');
    await expect(addresses.getByLabel('Cidade')).toHaveValue('Rio de Janeiro');
    await addresses.getByLabel('Número').fill('50');

    const billing = page.getByRole('group', { name: 'Dados de cobrança' });
    await pick(billing, 'Local de débito', /^18 - /);
    await billing.getByRole('textbox', { name: 'Conta' }).fill('123456');

    // Pending changes: the warning triangle on the Usuário tab; Adicionar amber.
    await expect(page.getByRole('tab', { name: 'Usuário (alterações pendentes)' })).toBeVisible();
    await expect(add).toBeEnabled();
    await add.click();
    await expectToast(page, 'Associado inserido com sucesso');
    await expect(page).toHaveURL((url) => url.pathname === '/');

    // Reopened from the search: both addresses and the account were stored.
    await openFromSearch(page, 'quiteria bastos registro', NAME);
    await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await expect(billing.getByRole('textbox', { name: 'Conta' })).toHaveValue('123456');
    await expect(addresses.getByLabel('Número')).toHaveValue('1000');
    await addresses.getByRole('tab', { name: 'Comercial' }).click();
    await expect(addresses.getByLabel('Cidade')).toHaveValue('Rio de Janeiro');
    await expect(addresses.getByLabel('Número')).toHaveValue('50');

    // Edit: the e-mail.
    await email(page).fill('quiteria.bastos@example.com');
    await new MemberRecord(page).saveAndClose();

    // Audit mode: two changes (the edit first); the edit's version shows the e-mail highlighted, read only.
    await openFromSearch(page, 'quiteria bastos registro', NAME);
    await page.getByRole('button', { name: 'Auditoria' }).click();
    const changes = page.getByRole('complementary', { name: 'Alterações' });
    await expect(changes.getByRole('button')).toHaveCount(2);
    await expect(page.getByText('Selecione uma das atividades à esquerda para ver os dados desta versão.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await changes.getByRole('button').first().click();
    await expect(email(page)).toHaveValue('quiteria.bastos@example.com');
    await expect(
      page.getByRole('group', { name: 'E-mail', exact: true }).locator('[data-changed="true"]').getByRole('textbox', { name: 'E-mail', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Dados pessoais' }).getByRole('textbox', { name: 'Nome', exact: true })).not.toBeEditable();
    // The tab holding the change says so in its label, not by colour only (issue 13); an untouched tab does not.
    await expect(page.getByRole('tab', { name: 'Usuário (alterado)' })).toHaveAttribute('data-changed', 'true');
    await expect(page.getByRole('tab', { name: 'Dependentes', exact: true })).not.toHaveAttribute('data-changed', 'true');
    await page.screenshot({ path: 'test-results/screens/member-audit.png', fullPage: true });

    // The earlier version (the insert) restored into the form, then saved.
    await changes.getByRole('button').nth(1).click();
    await expect(email(page)).toHaveValue('');
    await page.getByRole('button', { name: 'Restaurar esta versão' }).click();
    await expect(page.getByRole('button', { name: 'Auditoria' })).toBeVisible();
    await expect(email(page)).toHaveValue('');
    await expect(email(page)).toBeEditable();
    await new MemberRecord(page).save();

    await openFromSearch(page, 'quiteria bastos registro', NAME);
    await expect(email(page)).toHaveValue('');
  });

  test('a user with view-only roles sees the sections read only and cannot save', async ({ page, browser, baseURL }) => {
    // A profile with the member record's view roles only, and a user of it (through the access administration).
    const admin = page.request;
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    await page.goto('/');
    const viewRoles = ['v2access', 'v2search', 'v2tabusuario', 'v2userdadospessoaisview', 'v2userdadosenderecosview', 'v2userdadoscobrançaview'];
    const profileName = `E2E somente leitura ${Date.now()}`;
    const profile = await admin.post('/api/v1/acessos/perfis', {
      data: { name: profileName, description: 'Ficha do associado só para ver', roles: viewRoles },
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(profile.status(), await profile.text()).toBe(200);
    const { permId } = (await profile.json()) as { permId: number };
    const cpf = randomDocument('cpf');
    const user = await admin.post('/api/v1/acessos/usuarios', {
      data: { cpf, name: 'Leitora Somente', email: `leitora.${cpf}@assoc.local`, permId, extraRoles: [], fnAllowExternal: false, active: true },
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(user.status(), await user.text()).toBe(200);
    // A new user has no usable password until a reset: give it the demo password (the reset e-mail flow has its own spec).
    await withDb((db) =>
      db.query(`update users set password_hash = (select password_hash from users where cpf = $1) where cpf = $2`, [roles.atendimento.cpf, cpf]),
    );

    // Without the superadmin's saved cookies: signing in over them would end the session the other specs reuse.
    const api = await request.newContext({ baseURL, storageState: signedOut });
    await signInByApi(api, cpf);
    const context = await browser.newContext({ storageState: await api.storageState() });
    const viewer = await context.newPage();
    await openFromSearch(viewer, 'quiteria bastos registro', NAME);
    await expect(viewer.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Descartar alterações' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Auditoria' })).toHaveCount(0);
    await expect(viewer.getByRole('group', { name: 'Dados pessoais' }).getByRole('textbox', { name: 'Nome', exact: true })).not.toBeEditable();
    await expect(viewer.getByRole('group', { name: 'Endereços' }).getByLabel('Número')).not.toBeEditable();
    // Sections without their view role are not shown.
    await expect(viewer.getByRole('group', { name: 'Dados associativos' })).toHaveCount(0);
    await expect(viewer.getByRole('tab', { name: 'Dependentes' })).toHaveCount(0);
    await context.close();
    await api.dispose();
  });
});

test.describe('a new member by the Atendimento profile (issue 22 item 3)', () => {
  test.use({ storageState: stateOf('atendimento') });
  const ATD_NAME = 'Lindalva Atendimento Cadastro Teste';

  test.beforeAll(async () => {
    await withDb((db) => db.query(`delete from customers where cust_name = $1`, [ATD_NAME]));
  });

  test('fills Perfil and Local de débito, sees why Adicionar is disabled, and adds the member', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/novoassociado');
    // A first load of the whole app: on a starved machine it takes longer than the default 15 s.
    await expect(page.getByRole('heading', { level: 1, name: 'NOVO ASSOCIADO' })).toBeVisible({ timeout: 60_000 });
    const add = page.getByRole('button', { name: 'Adicionar' });
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription('Nome: Campo obrigatório');

    const personal = page.getByRole('group', { name: 'Dados pessoais' });
    await personal.getByRole('textbox', { name: 'Nome', exact: true }).fill(ATD_NAME);
    await personal.getByRole('textbox', { name: 'CPF', exact: true }).fill(randomDocument('cpf'));
    await personal.getByRole('textbox', { name: 'Nascimento', exact: true }).fill('12/08/1975');
    await pick(personal, 'Sexo', 'Feminino');
    await pick(personal, 'Estado civil', 'Casado(a)');
    // Perfil is what blocked the Atendimento before: now editable, and named as the blocker until chosen.
    await expect(add).toHaveAccessibleDescription('Perfil: Campo obrigatório');
    await pick(page.getByRole('group', { name: 'Perfil', exact: true }), 'Perfil', /^F - /);

    const billing = page.getByRole('group', { name: 'Dados de cobrança' });
    await pick(billing, 'Local de débito', /^18 - /);
    await expect(add).toHaveAccessibleDescription('Conta: Campo obrigatório');
    await billing.getByRole('textbox', { name: 'Conta' }).fill('654321');

    // The selected (residential) address needs its CEP (spec 1 §5).
    await expect(add).toHaveAccessibleDescription('CEP (Residencial): Endereço obrigatório');
    const addresses = page.getByRole('group', { name: 'Endereços' });
    await addresses.getByRole('textbox', { name: 'CEP' }).pressSequentially('01310100');
    await expect(addresses.getByLabel('Cidade')).toHaveValue('São Paulo');
    await addresses.getByLabel('Número').fill('200');

    await expect(add).toBeEnabled();
    await add.click();
    await expectToast(page, 'Associado inserido com sucesso');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect
      .poll(() => withDb(async (db) => (await db.query(`select cust_status from customers where cust_name = $1`, [ATD_NAME])).rows[0]?.cust_status))
      .toBe('F');
  });
});
