import { expect, test, type Locator, type Page } from '@playwright/test';
import { Shell, expectToast, randomDocument, signInByApi, signedOut, stateOf, users, withDb } from '../fixtures/app.js';

const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const formatCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** Picks a role in the grouped role picker by searching its description; the entry shows description and role. */
async function pickRole(dialog: Locator, description: string, role: string) {
  const search = dialog.getByRole('textbox', { name: 'Pesquisar em Papéis' });
  await search.fill(description);
  const entry = dialog.getByRole('checkbox', { name: new RegExp(`${description}.*\\b${role}\\b`) });
  await entry.check();
  await search.fill('');
}

/** The right edge of an element is within the window (not cut off, no horizontal scroll needed). */
async function expectWithinWidth(page: Page, element: Locator) {
  const box = await element.boundingBox();
  expect(box, 'element laid out').not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Opens a group of the side menu (a Mantine NavLink, data-expanded when open) unless it is already open. */
async function openMenuGroup(menu: Locator, label: string) {
  const group = menu.getByRole('button', { name: label, exact: true });
  if ((await group.getAttribute('data-expanded')) == null) await group.click();
  await expect(group).toHaveAttribute('data-expanded', 'true');
}

test.use({ storageState: stateOf('superadmin') });

test("Acessos: a profile and a user made by the superadmin take effect on the user's session", async ({ page, browser }) => {
  // Two browsers and a dozen saves: longer than the default 30 s (at load 30 on 2 cores it passed 180 s while moving on).
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36).toUpperCase();
  const profileName = `Cadastros E2E ${suffix}`;
  const userName = `Usuária Acessos E2E ${suffix}`;
  const cpf = randomDocument('cpf');

  // The superadmin reaches the screen through Avançado → Acessos.
  await page.goto('/');
  const adminMenu = new Shell(page).menu();
  await openMenuGroup(adminMenu, 'Avançado');
  await adminMenu.getByRole('link', { name: 'Acessos' }).click();
  await expect(page).toHaveURL(/\/acessos$/);
  await expect(page.getByRole('heading', { name: 'Acessos' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Usuários' })).toHaveAttribute('aria-selected', 'true');

  // A profile with three roles picked from the catalogue by their descriptions.
  await page.getByRole('tab', { name: 'Perfis' }).click();
  await expect(rowWith(page, 'Superadministrador')).toBeVisible();
  await page.getByRole('button', { name: 'Novo', exact: true }).click();
  const profileDialog = page.getByRole('dialog', { name: 'Perfil' });
  const profileOk = profileDialog.getByRole('button', { name: 'Ok' });
  await expect(profileOk).toHaveAttribute('data-state', 'invalid');
  await profileDialog.getByLabel('Nome').fill(profileName);
  await profileDialog.getByLabel('Descrição').fill('Perfil de teste: cadastros de terceiros');
  // The roles come grouped by area, each area with its select-all; Ok stays on screen with 80+ roles.
  await expect(profileDialog.getByRole('group', { name: 'Menus' })).toBeVisible();
  await expect(profileDialog.getByRole('checkbox', { name: 'Selecionar todos: CCH' })).toBeAttached();
  await expectWithinWidth(page, profileOk);
  const okBox = await profileOk.boundingBox();
  expect(okBox!.y + okBox!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await pickRole(profileDialog, 'Acesso completo ao sistema', 'v2access');
  await pickRole(profileDialog, 'Menu Cadastros', 'v2menucad');
  await pickRole(profileDialog, 'Cadastro de terceiros', 'v2menucadterceiro');
  await expect(profileDialog.getByText('3 selecionado(s)')).toBeVisible();
  await expect(profileDialog).toBeVisible();
  await expect(profileOk).toHaveAttribute('data-state', 'changed');
  await page.screenshot({ path: 'test-results/screens/acessos-perfil.png' });
  await profileOk.click();
  await expectToast(page, 'Registro adicionado com sucesso');
  await expect(profileDialog).toBeHidden();
  const profileRow = rowWith(page, profileName);
  await expect(profileRow).toHaveAttribute('data-marker', 'insert');
  await expect(profileRow).toContainText('3 papel(éis)');

  // A user of that profile (a random valid CPF).
  await page.getByRole('tab', { name: 'Usuários' }).click();
  await page.getByRole('button', { name: 'Novo', exact: true }).click();
  const userDialog = page.getByRole('dialog', { name: 'Usuário' });
  const userOk = userDialog.getByRole('button', { name: 'Ok' });
  await userDialog.getByLabel('CPF').fill(cpf.slice(0, 10) + String((Number(cpf[10]) + 1) % 10));
  await userDialog.getByLabel('Nome').click();
  await expect(userDialog.getByText('CPF Inválido')).toBeVisible();
  await userDialog.getByLabel('CPF').fill(formatCpf(cpf));
  await userDialog.getByLabel('Nome').fill(userName);
  // (The extra roles' checkboxes also mention e-mail: the text box by its own name.)
  await userDialog.getByRole('textbox', { name: /^E-mail/ }).fill(`acessos.${suffix.toLowerCase()}@assoc.local`);
  await userDialog.getByRole('combobox', { name: 'Perfil' }).click();
  await page.getByRole('option', { name: profileName }).click();
  await expect(userDialog.getByRole('switch', { name: 'Ativo' })).toBeChecked();
  await expect(userOk).toHaveAttribute('data-state', 'changed');
  await userOk.click();
  await expectToast(page, 'Registro adicionado com sucesso');
  await expect(userDialog).toBeHidden();
  const userRow = rowWith(page, userName);
  await expect(userRow).toContainText(formatCpf(cpf));
  // The modal shows the CPF formatted too.
  await userRow.getByRole('button', { name: 'Editar' }).click();
  await expect(userDialog.getByLabel('CPF')).toHaveValue(formatCpf(cpf));
  await userDialog.getByRole('button', { name: 'Fechar' }).filter({ hasText: 'Fechar' }).click();
  await expect(userDialog).toBeHidden();
  await expect(userRow).toContainText(profileName);
  await expect(userRow).toContainText('SIM');

  // A new user has no usable password (first access sets it): give it the demo one directly.
  const updated = await withDb((db) =>
    db.query(`update users set password_hash = (select password_hash from users where cpf = $2) where cpf = $1`, [cpf, users.superadmin]),
  );
  expect(updated.rowCount).toBe(1);

  // The user signs in in a browser of their own (no saved sign-in: its session ends below): Cadastros holds Terceiros only.
  const userContext = await browser.newContext({ storageState: signedOut });
  try {
    await signInByApi(userContext.request, cpf);
    const userPage = await userContext.newPage();
    await userPage.goto('/');
    await expect(userPage).not.toHaveURL(/\/login/);
    const userMenu = new Shell(userPage).menu();
    await expect(userMenu.getByText('Painel', { exact: true })).toBeVisible();
    await expect(userMenu.getByText('Avançado', { exact: true })).toHaveCount(0);
    await openMenuGroup(userMenu, 'Cadastros');
    await expect(userMenu.getByRole('link', { name: 'Terceiros' })).toBeVisible();
    await expect(userMenu.getByRole('link', { name: 'Serviços' })).toHaveCount(0);
    await userPage.goto('/servico');
    await expect(userPage.getByText('Acesso negado')).toBeVisible();

    // The superadmin adds "Cadastro de serviços" to the profile.
    await page.getByRole('tab', { name: 'Perfis' }).click();
    await rowWith(page, profileName).getByRole('button', { name: 'Editar' }).click();
    await expect(profileOk).toHaveAttribute('data-state', 'unchanged');
    await pickRole(profileDialog, 'Cadastro de serviços', 'v2menucadservicos');
    await expect(profileOk).toHaveAttribute('data-state', 'changed');
    await profileOk.click();
    await expectToast(page, 'Registro atualizado com sucesso');
    await expect(rowWith(page, profileName)).toContainText('4 papel(éis)');

    // The change applies at the user's next request: after a reload Serviços is there and opens.
    await userPage.goto('/');
    await openMenuGroup(userMenu, 'Cadastros');
    await expect(userMenu.getByRole('link', { name: 'Serviços' })).toBeVisible();
    await userMenu.getByRole('link', { name: 'Serviços' }).click();
    await expect(userPage).toHaveURL(/\/servico$/);
    await expect(userPage.getByRole('heading', { name: 'Serviços' })).toBeVisible();
    await userPage.getByRole('combobox', { name: 'Fornecedor' }).click();
    await expect(userPage.getByRole('option', { name: 'Unimed Cooperativa Médica' })).toBeVisible();
    await userPage.keyboard.press('Escape');

    // The superadmin deactivates the user.
    await page.getByRole('tab', { name: 'Usuários' }).click();
    await rowWith(page, userName).getByRole('button', { name: 'Editar' }).click();
    await expect(userOk).toHaveAttribute('data-state', 'unchanged');
    await userDialog.getByRole('switch', { name: 'Ativo' }).uncheck();
    await expect(userDialog.getByRole('switch', { name: 'Ativo' })).not.toBeChecked();
    await userOk.click();
    await expectToast(page, 'Registro atualizado com sucesso');
    await expect(rowWith(page, userName)).toContainText('NÃO');

    // The user's session is gone: the next action shows the session-lost popup, then the sign-in screen.
    await userMenu.getByRole('link', { name: 'Terceiros' }).click();
    const lost = userPage.getByRole('dialog', { name: 'Sessão expirada' });
    await expect(lost.getByText('Sessão expirada, faça um novo login para continuar')).toBeVisible();
    await userPage.screenshot({ path: 'test-results/screens/acessos-sessao-expirada.png' });
    await lost.getByRole('button', { name: 'OK' }).click();
    await expect(userPage).toHaveURL(/\/login/);

    // And an inactive user may not sign in again.
    await userPage.getByLabel('CPF').fill(cpf);
    await userPage.getByLabel('Senha', { exact: true }).fill('Demo@1234');
    await userPage.getByRole('button', { name: 'ENTRAR' }).click();
    await expect(userPage.getByText('Usuário inativo. Procure a associação.')).toBeVisible();
    await expect(userPage).toHaveURL(/\/login/);
  } finally {
    await userContext.close();
  }

  // Every change made on the screen left an audit row by the superadmin (decision 2).
  const audit = await withDb((db) =>
    db.query<{ entity: string; action: string; user_name: string }>(
      `select split_part(a.entity_id, ':', 1) as entity, a.action, a.user_name from audits a
      where a.category = 'acessos'
        and (a.entity_id = (select 'perfil:' || perm_id from profiles where name = $1)
          or a.entity_id = (select 'usuario:' || user_id from users where cpf = $2))
      order by a.audit_id`,
      [profileName, cpf],
    ),
  );
  expect(audit.rows.map((r) => `${r.entity} ${r.action}`)).toEqual(['perfil insert', 'usuario insert', 'perfil update', 'usuario update']);
  expect(new Set(audit.rows.map((r) => r.user_name))).toEqual(new Set(['Ana Superadmin']));
});

for (const size of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`Acessos: the users table fits ${size.width}x${size.height} (Ativo and Ações on screen, CPFs on one line)`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/acessos');
    const table = page.getByRole('table');
    // The first load of the app in a fresh context: slow on a starved machine (seen past 15 s).
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 60_000 });
    // (Sortable headers are buttons in mantine-datatable: found by their column.)
    await expectWithinWidth(page, table.locator('th[data-accessor="active"]'));
    await expectWithinWidth(page, table.locator('th[data-accessor="__actions"]'));
    await expectWithinWidth(page, table.getByRole('button', { name: 'Editar' }).first());
    const cpf = table.getByText(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/).first();
    await expect(cpf).toBeVisible();
    type Styles = { getComputedStyle(element: unknown): { lineHeight: string } };
    const lineHeight = await cpf.evaluate((el) => parseFloat((globalThis as unknown as Styles).getComputedStyle(el).lineHeight));
    expect((await cpf.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    await page.screenshot({ path: `test-results/screens/acessos-usuarios-${size.width}.png` });
  });
}
