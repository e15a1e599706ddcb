import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { buildCnj, formatCnj } from '@assoc/domain';
import { roles, signInByApi, signedOut, stateOf } from '../fixtures/roles.js';

/**
 * The digital process screen (issue 15) as the "Processo digital" demo user: the inbox, a process with its
 * movements and PDF, a stemmed search narrowed by a facet, and a movement imported through the API (with a
 * key a superadmin created) appearing without reloading.
 */
test.use({ storageState: stateOf('processo') });

/**
 * A superadmin's API session in its own cookie jar: a context made here would otherwise start from this file's
 * saved sign-in, and signing in over it would end the saved session of the "Processo digital" user.
 */
async function superadminApi(baseURL: string) {
  const api = await request.newContext({ baseURL, storageState: signedOut });
  await signInByApi(api, roles.superadmin.cpf);
  const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { api, xsrf };
}

/** A fresh API key (POST process/chaves as superadmin): the clear key of the reply. */
async function createApiKey(baseURL: string, nome: string) {
  const { api, xsrf } = await superadminApi(baseURL);
  try {
    const response = await api.post('/api/v1/process/chaves', { data: { nome }, headers: { 'x-xsrf-token': xsrf } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { chave: string }).chave;
  } finally {
    await api.dispose();
  }
}

/** POST process/importar (multipart `dados`) with the integration's key. */
async function importProcess(api: APIRequestContext, key: string, dados: unknown) {
  const response = await api.post('/api/v1/process/importar', { multipart: { dados: JSON.stringify(dados) }, headers: { 'x-api-key': key } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { proId: number; criado: boolean; andamentosNovos: number };
}

const processList = (page: Page) => page.getByRole('list', { name: 'Processos' });
const movementsPanel = (page: Page) => page.getByRole('region', { name: 'Andamentos' });

test('opens the inbox, a process and its PDF', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Processo Digital' })).toBeVisible();
  const folders = page.getByRole('navigation', { name: 'Pastas' });
  await folders.getByRole('button', { name: /Caixa de entrada/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Caixa de entrada' })).toBeVisible();
  const first = processList(page).getByRole('button').first();
  await expect(first).toBeVisible();
  // CNJ number formatted NNNNNNN-DD.AAAA.J.TR.OOOO.
  await expect(first).toContainText(/\d{7}-\d{2}\.\d{4}\.\d\.\d{2}\.\d{4}/);

  await first.click();
  await expect(
    movementsPanel(page)
      .getByText(/\d{2}\/\d{2}\/\d{4}/)
      .first(),
  ).toBeVisible();
  await movementsPanel(page).getByRole('button', { name: 'Abrir PDF' }).click();
  const viewer = page.getByRole('region', { name: /PDF do processo/ });
  await expect(viewer.getByText(/Página 1 de \d+/)).toBeVisible();
  await expect(viewer.locator('canvas')).toBeVisible();
  // At 100 % the page fits the pane's width (issue 22 item 19): no sideways scrolling to read a line.
  await expect(viewer.getByText('100%')).toBeVisible();
  const pane = viewer.locator('canvas').locator('..');
  await expect
    .poll(async () => {
      const [canvas, box] = await Promise.all([viewer.locator('canvas').boundingBox(), pane.boundingBox()]);
      return canvas && box ? canvas.width <= box.width && canvas.width > box.width / 2 : false;
    })
    .toBe(true);
  await viewer.getByRole('button', { name: 'Aumentar zoom' }).click();
  await expect(viewer.getByText('125%')).toBeVisible();
  const download = page.waitForEvent('download');
  await viewer.getByRole('button', { name: 'Baixar PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // Choosing a folder closes the viewer (spec 3 §2.13).
  await folders.getByRole('button', { name: /Caixa de entrada/ }).click();
  await expect(viewer).toHaveCount(0);
});

test('searches a stemmed word and narrows the result by a facet', async ({ page }) => {
  await page.goto('/processo');
  await expect(processList(page).getByRole('button').first()).toBeVisible();
  // "intimação" also finds "intimado", "intimações" (Portuguese stemming); matches are marked.
  await page.getByRole('textbox', { name: 'Pesquisar processos' }).fill('intimação');
  await page.getByRole('button', { name: 'Pesquisar', exact: true }).click();
  const heading = page.getByRole('heading', { level: 2, name: /encontrados?$/ });
  await expect(heading).toBeVisible();
  await expect(processList(page).locator('mark').first()).toBeVisible();
  const total = Number((await heading.textContent())!.replace(/\D+/g, ''));
  expect(total).toBeGreaterThan(0);

  // Courts of the result with their counts: the smallest narrows the result to its own count.
  const courts = page.getByRole('region', { name: 'Filtros da pesquisa' }).getByRole('group', { name: 'Tribunal' }).locator('label');
  const labels = await courts.allTextContents();
  expect(labels.length).toBeGreaterThan(1);
  const counts = labels.map((text) => Number(/\((\d+)\)\s*$/.exec(text)?.[1] ?? 0));
  const narrowest = counts.indexOf(Math.min(...counts));
  await courts.nth(narrowest).click();
  await expect(heading).toHaveText(counts[narrowest] === 1 ? '1 processo encontrado' : `${counts[narrowest]} processos encontrados`);
  expect(counts[narrowest]).toBeLessThanOrEqual(total);

  await page.getByRole('button', { name: 'Fechar pesquisa' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Caixa de entrada' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Pesquisar processos' })).toHaveValue('');
});

test('a movement imported through the API appears without reloading', async ({ page, baseURL }) => {
  const stamp = Date.now();
  const key = await createApiKey(baseURL!, `E2E processo ${stamp}`);
  const numero = buildCnj({ sequence: stamp % 10_000_000, year: 2025, segment: 8, court: 26, origin: 100 });
  const dados = {
    numero,
    tribunal: 'TJSP',
    classe: 'Procedimento Comum Cível',
    assunto: 'Cobrança',
    partes: 'Autor: Teste E2E; Réu: Empresa Exemplo Ltda.',
    status: 'Em andamento',
    andamentos: [{ id: `e2e-${stamp}-1`, data: '2025-05-02', texto: `Distribuído por sorteio ${stamp}.` }],
  };
  // An integration: no session, only its key.
  const integration = await request.newContext({ baseURL, storageState: signedOut });
  try {
    const created = await importProcess(integration, key, dados);
    expect(created.criado).toBe(true);

    await page.goto('/processo');
    await page.getByRole('textbox', { name: 'Pesquisar processos' }).fill(numero);
    await page.getByRole('button', { name: 'Pesquisar', exact: true }).click();
    const row = processList(page).getByRole('button', { name: new RegExp(formatCnj(numero).replace(/\./g, '\\.')) });
    await row.click();
    await expect(movementsPanel(page).getByText(`Distribuído por sorteio ${stamp}.`)).toBeVisible();

    // The same batch plus one movement: only the new one is added, and it reaches the open screen live.
    const texto = `Juntada de petição. Intimação da parte ré ${stamp}.`;
    const again = await importProcess(integration, key, {
      ...dados,
      andamentos: [...dados.andamentos, { id: `e2e-${stamp}-2`, data: '2025-06-10', texto }],
    });
    expect(again.andamentosNovos).toBe(1);
    await expect(movementsPanel(page).getByText(texto)).toBeVisible();
    // Newest first.
    await expect(
      movementsPanel(page)
        .getByText(/\d{2}\/\d{2}\/\d{4}/)
        .first(),
    ).toHaveText('10/06/2025');
  } finally {
    await integration.dispose();
  }
});
