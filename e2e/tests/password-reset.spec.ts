import { expect, test } from '@playwright/test';
import { LoginPage, saveSignedInState, stateOf, withDb } from '../fixtures/app.js';
import { waitForMail } from '../fixtures/mailbox.js';

const FINANCEIRO = { cpf: '33366699957', email: 'financeiro@assoc.local' };
const NEW_PASSWORD = 'Girassol#Azul-2031';

// The reset ends every session of Financeiro, the saved one too: it is signed in again at the end (below).
test('password reset through the e-mailed link, then sign-in with the new password', async ({ page, baseURL }) => {
  // Keep the demo password for other runs against the same database.
  const original = await withDb(
    async (db) => (await db.query('select password_hash from users where cpf = $1', [FINANCEIRO.cpf])).rows[0].password_hash as string,
  );
  try {
    const since = Date.now();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Primeiro acesso / Esqueci minha senha' }).click();
    await expect(page.getByLabel('Senha', { exact: true })).toHaveCount(0);
    await page.getByLabel('CPF').fill(FINANCEIRO.cpf);
    await page.getByRole('button', { name: 'SOLICITAR SENHA' }).click();
    await expect(page.getByText('Sua solicitação foi enviada no e-mail cadastrado, por favor siga as instruções')).toBeVisible();
    await expect(page.getByRole('button', { name: 'SOLICITADO' })).toBeDisabled();

    const mail = await waitForMail(FINANCEIRO.email, since);
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset\?q=[A-Za-z0-9_-]{32}/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
    await page.getByLabel('CPF').fill(FINANCEIRO.cpf);
    await page.getByLabel('Nova senha', { exact: true }).fill('senha123');
    await expect(page.getByTestId('password-strength')).toHaveText('fraca');
    await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await expect(page.getByTestId('password-strength')).toHaveText(/muito bom|excelente/);
    await page.getByLabel('Confirme a nova senha').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'ALTERAR SENHA' }).click();
    await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });

    // The link works once.
    await page.goto(link!);
    await page.getByLabel('CPF').fill(FINANCEIRO.cpf);
    await page.getByLabel('Nova senha', { exact: true }).fill('Outra#Senha-Forte-77');
    await page.getByLabel('Confirme a nova senha').fill('Outra#Senha-Forte-77');
    await page.getByRole('button', { name: 'ALTERAR SENHA' }).click();
    await expect(page.getByRole('alert')).toHaveText('Este link já foi utilizado. Solicite uma nova senha.');

    await new LoginPage(page).signIn(FINANCEIRO.cpf, NEW_PASSWORD);
    await expect(page.getByRole('button', { name: /Menu do usuário/ })).toBeVisible();
  } finally {
    await withDb((db) => db.query('update users set password_hash = $2 where cpf = $1', [FINANCEIRO.cpf, original]));
    await saveSignedInState('financeiro', baseURL!);
  }
});

test.describe('signed in', () => {
  test.use({ storageState: stateOf('superadmin') });

  test('Baixar tutorial downloads Tutorial_do_Processo_Digital.pdf', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Baixar tutorial' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Tutorial_do_Processo_Digital.pdf');
    const fs = await import('node:fs/promises');
    const bytes = await fs.readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
