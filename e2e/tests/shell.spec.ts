import { expect, test } from '@playwright/test';
import { LoginPage, Shell, stateOf, users } from '../fixtures/app.js';

const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
  new Date(),
);

test('an unauthenticated visitor is sent to /login, from / and from any private path', async ({ page }) => {
  for (const path of ['/', '/feriados', '/associado']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible();
  }
});

test('a deep link serves the app and an unknown API path answers 404', async ({ page }) => {
  const response = await page.goto('/financeiro/fechar');
  expect(response?.status()).toBe(200);
  expect(await page.request.get('/api/v1/nao-existe').then((r) => r.status())).toBe(404);
});

test('wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('CPF').fill(users.superadmin);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'ENTRAR' }).click();
  await expect(page.getByText('CPF ou senha inválidos')).toBeVisible();
});

// The one spec that signs in through the sign-in screen; the others start from a saved sign-in (fixtures/roles.ts).
test('superadmin sees the dashboard and the whole menu', async ({ page }) => {
  await new LoginPage(page).signIn(users.superadmin);
  await expect(page.getByText('Histórico de visualizações')).toBeVisible();
  await expect(page.getByText(`Aniversariantes - ${today}`)).toBeVisible();
  const menu = new Shell(page).menu();
  for (const label of ['Painel', 'Financeiro', 'Cadastros', 'Avançado']) await expect(menu.getByText(label, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('LOCAL TEST')).toBeVisible();
});

test.describe('process-only user', () => {
  test.use({ storageState: stateOf('processo') });

  test('process-only user sees the process home, no finance menu, and reaches Terceiros', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Processo Digital' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pastas' })).toBeVisible();
    const menu = new Shell(page).menu();
    await expect(menu.getByText('Financeiro', { exact: true })).toHaveCount(0);
    // The single item is named by what it opens (issue 9, defect 11), and /processo opens the same screen.
    await expect(menu.getByRole('link', { name: 'Processo Digital' })).toHaveAttribute('href', '/');
    await expect(menu.getByText('Painel', { exact: true })).toHaveCount(0);
    await expect(new Shell(page).searchBox()).toHaveCount(0);
    await page.goto('/processo');
    await expect(page.getByRole('heading', { level: 1, name: 'Processo Digital' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pastas' })).toBeVisible();
    await page.goto('/feriados');
    await expect(page.getByText('Acesso negado')).toBeVisible();
  });
});
