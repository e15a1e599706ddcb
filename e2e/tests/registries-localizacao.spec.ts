import { expect, test, type Locator, type Page } from '@playwright/test';
import { stateOf, withDb } from '../fixtures/app.js';
import { CrudTable, FormModal } from '../fixtures/crud.js';

const CIRCUNSCRICAO = 'Circunscrição E2E';
const COMARCA = 'Comarca E2E';
const FORUM = 'Fórum E2E Paulista';
const LOCAL = '1ª Vara Cível E2E';

/** Page object of /localizacao: the three pickers with their buttons and the modals; the locals are a CrudTable. */
class LocalizacaoPage {
  readonly locals: CrudTable;

  constructor(private readonly page: Page) {
    this.locals = new CrudTable(page);
  }

  picker(label: 'Circunscrições' | 'Comarcas' | 'Fóruns') {
    return this.page.getByRole('combobox', { name: label, exact: true });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  dialog(name: string) {
    return this.form(name).dialog;
  }

  form(name: string) {
    return new FormModal(this.page, name, { exact: true });
  }

  /** Fills a modal field by its label (the required ones carry an asterisk). */
  field(dialog: Locator, label: string) {
    return dialog.getByRole('textbox', { name: new RegExp(`^${label}( \\*)?$`) });
  }

  async expectNotice(text: string) {
    await expect(this.page.getByText(text).last()).toBeVisible();
  }
}

/** A holder magistrate of the demo seed with a name no one else has. */
async function aMagistrate(): Promise<string> {
  return withDb(async (db) => {
    const { rows } = await db.query<{ cust_name: string }>(`
      select cust_name from customers where parent_id is null and cust_status in ('M', 'N', 'H', 'J')
       group by cust_name having count(*) = 1 order by min(cst_id) limit 1`);
    return rows[0]!.cust_name;
  });
}

test.use({ storageState: stateOf('superadmin') });

test.beforeAll(async () => {
  // A re-run on the same database starts from a clean slate for these names.
  await withDb(async (db) => {
    await db.query(`delete from locals where loc_nome = $1`, [LOCAL]);
    await db.query(`delete from forums where for_nome = $1`, [FORUM]);
    await db.query(`delete from comarcas where com_nome = $1`, [COMARCA]);
    await db.query(`delete from circunscricoes where cir_nome = $1`, [CIRCUNSCRICAO]);
  });
});

test('creates the hierarchy, a local, and a comarca coordinator that reaches the local', async ({ page }) => {
  // Four modals and a table in one flow: more than the default 30 s on a busy machine.
  test.setTimeout(180_000);
  const magistrate = await aMagistrate();
  await page.goto('/localizacao');
  await expect(page.getByRole('heading', { name: 'Localização' })).toBeVisible();
  const screen = new LocalizacaoPage(page);

  // Nothing chosen: the dependent levels wait for their parents.
  await expect(screen.button('Editar circunscrição')).toBeDisabled();
  await expect(screen.button('Nova comarca')).toBeDisabled();
  await expect(screen.button('Novo fórum')).toBeDisabled();

  // Circunscrição: created and selected.
  await screen.button('Nova circunscrição').click();
  let dialog = screen.dialog('Circunscrição');
  const ok = () => dialog.getByRole('button', { name: 'Ok' });
  await expect(ok()).toHaveAttribute('data-state', 'invalid');
  await screen.field(dialog, 'Nome').fill(CIRCUNSCRICAO);
  await screen.field(dialog, 'Regional').fill('Paulista');
  await expect(ok()).toHaveAttribute('data-state', 'changed');
  await ok().click();
  await screen.expectNotice('Registro adicionado com sucesso');
  await expect(dialog).toBeHidden();
  await expect(screen.picker('Circunscrições')).toHaveValue(CIRCUNSCRICAO);
  await expect(screen.button('Editar circunscrição')).toBeEnabled();

  // Comarca under it.
  await screen.button('Nova comarca').click();
  dialog = screen.dialog('Comarca');
  await screen.field(dialog, 'Nome').fill(COMARCA);
  await ok().click();
  await screen.expectNotice('Registro adicionado com sucesso');
  await expect(dialog).toBeHidden();
  await expect(screen.picker('Comarcas')).toHaveValue(COMARCA);

  // Fórum: the CEP fills and locks address and city, clears the number and puts the focus there.
  await screen.button('Novo fórum').click();
  dialog = screen.dialog('Fórum');
  await screen.field(dialog, 'Nome').fill(FORUM);
  await screen.field(dialog, 'Nome curto').fill('Paulista E2E');
  await screen.field(dialog, 'Número').fill('999');
  await screen.field(dialog, 'CEP').pressSequentially('01310100');
  await expect(screen.field(dialog, 'CEP')).toHaveValue('01310-100');
  await expect(screen.field(dialog, 'Endereço')).toHaveValue('Avenida Paulista');
  await expect(screen.field(dialog, 'Cidade')).toHaveValue('São Paulo');
  await expect(screen.field(dialog, 'UF')).toHaveValue('SP');
  await expect(screen.field(dialog, 'Endereço')).toHaveAttribute('readonly');
  await expect(screen.field(dialog, 'Cidade')).toHaveAttribute('readonly');
  await expect(screen.field(dialog, 'Número')).toHaveValue('');
  await expect(screen.field(dialog, 'Número')).toBeFocused();
  await page.keyboard.type('1578');
  await screen.field(dialog, 'DDD 1').fill('11');
  await screen.field(dialog, 'Telefone 1').fill('32223333');
  await expect(screen.field(dialog, 'Telefone 1')).toHaveValue('3222-3333');
  await page.screenshot({ path: 'test-results/screens/localizacao-forum.png' });
  await ok().click();
  await screen.expectNotice('Registro adicionado com sucesso');
  await expect(dialog).toBeHidden();
  await expect(screen.picker('Fóruns')).toHaveValue(FORUM);
  await expect(page.getByText('Nenhum registro encontrado')).toBeVisible();

  // A local of the forum, in the shared registry table.
  await screen.locals.add();
  dialog = screen.dialog('Local');
  await screen.field(dialog, 'Local').fill(LOCAL);
  await screen.field(dialog, 'Prédio').fill(FORUM);
  await screen.field(dialog, 'DDD 1').fill('11');
  await screen.field(dialog, 'Telefone 1').fill('987654321');
  await expect(screen.field(dialog, 'Telefone 1')).toHaveValue('98765-4321');
  await screen.field(dialog, 'Ramal 1').fill('12');
  await ok().click();
  await screen.expectNotice('Registro adicionado com sucesso');
  const row = screen.locals.row(LOCAL);
  await screen.locals.expectMarker(LOCAL, 'insert');
  await expect(row).toContainText('(11) 98765-4321 r. 12');
  await expect(row).not.toContainText(magistrate);

  // The comarca gets a titular coordinator: asked first, then every local beneath shows it.
  await screen.button('Editar comarca').click();
  dialog = screen.dialog('Comarca');
  await expect(ok()).toHaveAttribute('data-state', 'unchanged');
  const titular = dialog.getByRole('combobox', { name: 'Coordenador titular' });
  await titular.click();
  await titular.pressSequentially(magistrate.split(' ').slice(0, 2).join(' '));
  await page.getByRole('option', { name: magistrate, exact: true }).click();
  await expect(titular).toHaveValue(magistrate);
  await ok().click();
  const question = screen.dialog('Coordenador detectado');
  await expect(question).toContainText('Foi informado um coordenador titular e/ou adjunto. Todos os locais serão alterados. Concorda?');
  await page.screenshot({ path: 'test-results/screens/localizacao-coordenador.png' });
  await question.getByRole('button', { name: 'SIM' }).click();
  await screen.expectNotice('Registro atualizado com sucesso');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(magistrate);
  await page.screenshot({ path: 'test-results/screens/localizacao-locais.png' });

  // Reopened, the comarca shows its coordinator's name.
  await screen.button('Editar comarca').click();
  await expect(screen.dialog('Comarca').getByRole('combobox', { name: 'Coordenador titular' })).toHaveValue(magistrate);
});
