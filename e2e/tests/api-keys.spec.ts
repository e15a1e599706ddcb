import { expect, request, test } from '@playwright/test';
import { signedOut, stateOf } from '../fixtures/roles.js';

/**
 * Avançado → Chaves de API (/chavesapi, issue 15, decision 17): a superadmin creates a key (the clear key shown
 * once, with its copy button), then revokes it; the revoked key is refused by the import call.
 */
test.use({ storageState: stateOf('superadmin') });

test('creates a key shown once and revokes it', async ({ page, baseURL }) => {
  const nome = `Integração E2E ${Date.now()}`;
  await page.goto('/chavesapi');
  // The first load of the app in a fresh context: slow on a starved machine (seen past 15 s).
  await expect(page.getByRole('heading', { level: 1, name: 'Chaves de API' })).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'Nova chave' }).click();
  const form = page.getByRole('dialog', { name: 'Nova chave' });
  await form.getByRole('textbox', { name: 'Nome' }).fill(nome);
  await form.getByRole('button', { name: 'Ok' }).click();

  const shown = page.getByRole('dialog', { name: 'Chave de API criada' });
  await expect(shown.getByText('Copie a chave agora: ela não será mostrada novamente.')).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copiar chave' })).toBeVisible();
  const key = (await shown.locator('pre, code').first().textContent())!.trim();
  expect(key.length).toBeGreaterThan(20);
  await shown.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(shown).toHaveCount(0);

  // Listed by its prefix, never again in clear.
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toContainText('Nunca usada');
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  await row.getByRole('button', { name: `Revogar ${nome}` }).click();
  await page.getByRole('dialog', { name: 'Revogar chave de API' }).getByRole('button', { name: 'SIM' }).click();
  await expect(row.getByRole('button', { name: /Revogar/ })).toHaveCount(0);

  // An integration: no session (not this file's saved sign-in), only the key.
  const integration = await request.newContext({ baseURL, storageState: signedOut });
  try {
    const refused = await integration.post('/api/v1/process/importar', { multipart: { dados: '{}' }, headers: { 'x-api-key': key } });
    expect(refused.status()).toBe(401);
  } finally {
    await integration.dispose();
  }
});
