import crypto from 'node:crypto';
import { generate } from 'otplib';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { dataFile, DEMO_PASSWORD, expectToast, LoginPage, randomDocument, signedOut, stateOf, users, withDb } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { createHolder } from '../fixtures/fixtures-api.js';

// Portal do associado (issue 28 "Tests"): at a 360 × 740 phone and at desktop size. Every write (Cadastro, the
// authenticator, sessions) is on members of this spec's own, created with their portal access in beforeAll; the demo
// portal member (used read-only by the accessibility walk) only shows its dependents, statements and boletos.
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** Two members of this run: one for the Cadastro edits, one for Segurança (it gets an authenticator). */
const members = { cadastro: { cpf: randomDocument('cpf'), cstId: 0 }, seguranca: { cpf: randomDocument('cpf'), cstId: 0 } };

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

test.beforeAll(async () => {
  await withDb(async (db) => {
    for (const member of Object.values(members)) {
      const name = `Portal Teste ${letters(8)}`;
      member.cstId = await createHolder(db, {
        name,
        cpf: member.cpf,
        birthdate: '1970-05-04',
        numeroInterno: String(1_000_000 + Math.floor(Math.random() * 8_999_999)),
        email: `${member.cpf}@exemplo.com.br`,
      });
      // Its portal access: the demo portal user's profile and password.
      await db.query(
        `insert into users (cpf, name, email, password_hash, perm_id, cst_id)
         select $1, $2, $3, password_hash, perm_id, $4 from users where cpf = $5`,
        [member.cpf, name, `${member.cpf}@exemplo.com.br`, member.cstId, users.portal],
      );
    }
  });
});

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function openTab(page: Page, name: string) {
  await tab(page, name).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
}

/** Opens a PDF link (a new tab, the browser's viewer) and checks the document it points at. */
async function expectPdf(page: Page, link: Locator) {
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.close();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const body = await response.body();
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

/** The page does not scroll sideways at a phone's width. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
}

async function cadastro(page: Page, size: string, phone: boolean) {
  const { cpf } = members.cadastro;
  await new LoginPage(page).signIn(cpf);
  await expect(page.getByRole('heading', { name: 'Portal do associado', level: 1 })).toBeVisible();
  await expect(tab(page, 'Cadastro')).toHaveAttribute('aria-selected', 'true');
  const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
  const number = page.getByRole('group', { name: 'Endereço residencial' }).getByRole('textbox', { name: 'Número', exact: true });
  const saveButton = page.getByRole('button', { name: /^(Sem alterações|Salvar alterações realizadas)$/ });
  await expect(email).toHaveValue(/@exemplo\.com\.br$/);
  await expect(saveButton).toHaveText('Sem alterações');
  const newEmail = `${size}.${cpf}@exemplo.com.br`;
  const newNumber = String(100 + Math.floor(Math.random() * 900));
  await email.fill(newEmail);
  await number.fill(newNumber);
  await expect(saveButton).toHaveText('Salvar alterações realizadas');
  if (phone) await expectNoSidewaysScroll(page);
  await saveButton.click();
  await expectToast(page, 'Atualização realizada com sucesso');
  await expect(saveButton).toHaveText('Sem alterações');
  await page.reload();
  await expect(email).toHaveValue(newEmail);
  await expect(number).toHaveValue(newNumber);
  await expectNoSeriousViolations(page, `portal Cadastro ${size}`);
}

/** The demo member's Dependentes, Extratos, I.R., Cobranças and Segurança, read-only, with axe on each. */
async function readOnlyTabs(page: Page, size: string, phone: boolean) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Portal do associado', level: 1 })).toBeVisible();

  await openTab(page, 'Dependentes');
  if (phone) await expect(page.getByRole('list', { name: 'Dependentes' }).getByRole('listitem')).not.toHaveCount(0);
  else await expect(page.getByRole('table', { name: 'Dependentes' }).locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Dependentes' })).toHaveCount(phone ? 0 : 1);
  if (phone) await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `portal Dependentes ${size}`);

  await openTab(page, 'Extratos');
  // A closed period (the first option is the open one, 'Em aberto').
  await page.getByRole('combobox', { name: 'Período' }).click();
  const closed = page
    .getByRole('option')
    .filter({ hasNotText: /aberto/i })
    .first();
  const period = (await closed.textContent())!.trim();
  await closed.click();
  await expect(page.getByRole('combobox', { name: 'Período' })).toHaveValue(period);
  await expect(page.getByLabel(`Lançamentos do extrato ${period}`)).toBeVisible();
  await expectPdf(page, page.getByRole('link', { name: `Abrir PDF: extrato ${period}` }));
  if (phone) await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `portal Extratos ${size}`);

  await openTab(page, 'I.R.');
  await expectPdf(page, page.getByRole('link', { name: /^Abrir PDF: informe de rendimentos \d{4}$/ }));
  await expectNoSeriousViolations(page, `portal I.R. ${size}`);

  await openTab(page, 'Cobranças');
  await expectPdf(page, page.getByRole('link', { name: /^Abrir boleto de vencimento / }).first());
  // The linha digitável: 47 digits, formatted as the bank prints it; the copy button copies the digits.
  const line = page.getByText(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/).first();
  const digits = (await line.textContent())!.replace(/\D/g, '');
  expect(digits).toHaveLength(47);
  await page.getByRole('button', { name: 'Copiar linha digitável' }).first().click();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(digits);
  if (phone) await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `portal Cobranças ${size}`);

  await openTab(page, 'Segurança');
  await expect(page.getByRole('list', { name: 'Sessões ativas' }).getByRole('listitem')).not.toHaveCount(0);
  if (phone) await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `portal Segurança ${size}`);
}

test.describe('portal at 360 × 740', () => {
  test.use({ viewport: PHONE });

  test.describe('own member', () => {
    test.use({ storageState: signedOut });
    test('Cadastro: e-mail and address number saved and read again', async ({ page }) => cadastro(page, 'celular', true));
  });

  test.describe('demo member', () => {
    test.use({ storageState: stateOf('portal'), permissions: ['clipboard-read', 'clipboard-write'] });
    test('Dependentes, Extratos, I.R., Cobranças and Segurança', async ({ page }) => readOnlyTabs(page, 'celular', true));
  });
});

/** The pending authenticator secret of a user, opened with the app's TOTP key (the QR code shows it as an otpauth URI). */
async function pendingSecret(cpf: string): Promise<string> {
  const sealed = await withDb(
    async (db) =>
      (await db.query<{ secret: string }>(`select s.secret from totp_setups s join users u on u.user_id = s.user_id where u.cpf = $1`, [cpf]))
        .rows[0]!.secret,
  );
  const raw = Buffer.from(sealed.slice('v1:'.length), 'base64url');
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(dataFile('totp-key'), 'base64'), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** The code of the authenticator `steps` 30-second steps from now (the server accepts ±1 step, never one twice). */
const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

async function signInWithCode(page: Page, cpf: string, fill: (page: Page) => Promise<void>) {
  await page.goto('/login');
  await page.getByLabel('CPF').fill(cpf);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ENTRAR' }).click();
  await expect(page.getByRole('textbox', { name: 'Código de acesso' })).toBeVisible();
  await fill(page);
  await page.getByRole('button', { name: 'ENTRAR' }).click();
  await expect(page.getByRole('heading', { name: 'Portal do associado', level: 1 })).toBeVisible();
}

async function seguranca(page: Page, browser: Browser, baseURL: string) {
  const { cpf } = members.seguranca;
  await new LoginPage(page).signIn(cpf);
  await openTab(page, 'Segurança');
  await page.getByRole('button', { name: 'Configurar autenticador' }).click();
  await expect(page.getByRole('img', { name: 'QR code do novo autenticador' })).toBeVisible();
  const secret = await pendingSecret(cpf);
  await page.getByLabel('Autenticador e códigos de recuperação').getByLabel('Senha atual').fill(DEMO_PASSWORD);
  await page.getByRole('textbox', { name: 'Código do novo autenticador' }).fill(await codeAt(secret, 0));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const codes = page.getByLabel('Códigos de recuperação').locator('code');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await expectNoSeriousViolations(page, 'portal Segurança: códigos de recuperação');

  // Sign out, then in again with the authenticator's code (the next step's: the one just used cannot be used twice).
  await page.getByRole('button', { name: /Menu do usuário$/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  const next = await codeAt(secret, 1);
  await signInWithCode(page, cpf, (p) => p.getByRole('textbox', { name: 'Código de acesso' }).fill(next));

  // A second browser signs in with a recovery code instead.
  const other = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  try {
    const phone = await other.newPage();
    await signInWithCode(phone, cpf, async (p) => {
      await p.getByRole('button', { name: 'Usar um código de recuperação' }).click();
      await p.getByRole('textbox', { name: 'Código de recuperação' }).fill(recovery[0]!);
    });

    // The first browser sees both sessions and ends the other one.
    await openTab(page, 'Segurança');
    const sessions = page.getByRole('list', { name: 'Sessões ativas' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'esta sessão' })).toHaveCount(1);
    await expectNoSeriousViolations(page, 'portal Segurança: duas sessões');
    await sessions.getByRole('button', { name: /^Encerrar a sessão / }).click();
    await expectToast(page, 'Sessão encerrada');
    await expect(sessions).toHaveCount(1);

    // The second browser's next call (Extratos reads what nothing has read there yet) finds its session ended: the app's 'Sessão expirada' dialog (its button leads to the sign-in).
    await tab(phone, 'Extratos').click();
    await expect(phone.getByRole('dialog', { name: 'Sessão expirada' })).toBeVisible();
  } finally {
    await other.close();
  }
}

test.describe('portal at 1280 × 800', () => {
  test.use({ viewport: DESKTOP });

  test.describe('own members', () => {
    test.use({ storageState: signedOut });
    test('Cadastro: e-mail and address number saved and read again', async ({ page }) => cadastro(page, 'desktop', false));
    test('Segurança: authenticator, recovery codes, a recovery sign-in and another session ended', async ({ page, browser, baseURL }) =>
      seguranca(page, browser, baseURL!));
  });

  test.describe('demo member', () => {
    test.use({ storageState: stateOf('portal'), permissions: ['clipboard-read', 'clipboard-write'] });
    test('Dependentes, Extratos, I.R., Cobranças and Segurança', async ({ page }) => readOnlyTabs(page, 'desktop', false));
  });
});
