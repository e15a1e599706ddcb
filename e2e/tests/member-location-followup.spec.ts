import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { expectToast, randomDocument, Shell, stateOf, withDb } from '../fixtures/app.js';

/**
 * The member record's Localização and Acompanhamento tabs and /acompanhamento (issue 13): the Designado panel of a
 * magistrate edited, saved and seen again on reopening, with the local's work place and coordinators; a follow-up
 * row edited on /acompanhamento (status 1 to Concluído) shown changed in the member's tab; axe-core on both tabs and
 * on the screen and its edit modal.
 */

const NAME = 'Leopoldina Cavalcanti Aba Localizacao';
const TITLE = 'E2E pediu retorno sobre o plano';
let forum: { apfId: number; forShort: string };
let local: { locId: number; locNome: string };
let cargo: string;

test.beforeAll(async () => {
  await withDb(async (db) => {
    await db.query(`delete from customers where cust_name = $1`, [NAME]);
    const f = await db.query<{ apf_id: number; for_short: string; loc_id: number; loc_nome: string }>(
      `select f.apf_id, f.for_short, l.loc_id, l.loc_nome from forums f join locals l on l.apf_id = f.apf_id and l.deleted_at is null
       order by f.apf_id, l.loc_nome limit 1`,
    );
    forum = { apfId: f.rows[0]!.apf_id, forShort: f.rows[0]!.for_short };
    local = { locId: f.rows[0]!.loc_id, locNome: f.rows[0]!.loc_nome };
    cargo = (await db.query<{ afc_cargo: string }>(`select afc_cargo from forum_cargos where deleted_at is null order by afc_cargo limit 1`)).rows[0]!
      .afc_cargo;
    const { rows } = await db.query<{ cst_id: number }>(
      `insert into customers (cust_name, cust_cpf, cust_birthdate, cust_sex, cust_status, cust_assoc_situacao, cust_numero_interno, cust_socio,
         cust_estado_civil, bnk_id)
       values ($1, $2, '1968-09-21', 1, 'M', 1, '7654531', 'N', 2, 11) returning cst_id`,
      [NAME, randomDocument('cpf')],
    );
    const cstId = rows[0]!.cst_id;
    await db.query(
      `insert into addresses (cst_id, kind, ad_zipcode, ad_address, ad_number, ad_bairro, ad_city, ad_state)
       values ($1, 1, '01310100', 'Avenida Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP')`,
      [cstId],
    );
    await db.query(
      `insert into atendimentos (cst_id, atd_data, atd_tipo, atd_departamento, atd_assunto, atd_titulo, atd_criado_por, atd_status)
       values ($1, '2026-11-20 13:14:15+00', 1, 1, 5, $2, 'Bruno Atendimento', 1)`,
      [cstId, TITLE],
    );
  });
});

async function openMember(page: Page) {
  await page.goto('/');
  await new Shell(page).searchBox().fill('leopoldina cavalcanti aba');
  await page.getByRole('option').filter({ hasText: NAME }).first().click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
}

async function pick(page: Page, group: string, label: string, option: string) {
  await page.getByRole('group', { name: group }).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Localização and Acompanhamento', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ storageState: stateOf('superadmin') });

  test('edits the Designado panel and the member location, saves and reopens', async ({ page }) => {
    test.setTimeout(120_000);
    await openMember(page);
    await page.getByRole('tab', { name: /^Localização/ }).click();
    await expect(page.getByRole('group', { name: 'Designado' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Localização tab');

    await pick(page, 'Localização', 'Fórum', forum.forShort);
    await pick(page, 'Localização', 'Local', local.locNome);
    await expect(page.getByRole('group', { name: 'Local de trabalho' }).getByRole('textbox', { name: 'Local' })).toHaveValue(local.locNome);
    await pick(page, 'Designado', 'Fórum', forum.forShort);
    await expect(page.getByRole('group', { name: 'Designado' }).getByText('Local deve ser informado')).toBeVisible();
    await pick(page, 'Designado', 'Local', local.locNome);
    await pick(page, 'Designado', 'Cargo', cargo);
    await expect(page.getByRole('tab', { name: 'Localização (alterações pendentes)' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Localização tab (edited)');

    await page.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, 'Atualização realizada com sucesso');
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await openMember(page);
    await page.getByRole('tab', { name: /^Localização/ }).click();
    const designado = page.getByRole('group', { name: 'Designado' });
    await expect(designado.getByRole('combobox', { name: 'Fórum', exact: true })).toHaveValue(forum.forShort);
    await expect(designado.getByRole('combobox', { name: 'Local', exact: true })).toHaveValue(local.locNome);
    await expect(designado.getByRole('combobox', { name: 'Cargo', exact: true })).toHaveValue(cargo);
    await expect(page.getByRole('group', { name: 'Local de trabalho' }).getByRole('textbox', { name: 'Local' })).toHaveValue(local.locNome);
  });

  test('a follow-up edited on /acompanhamento shows in the member tab', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/acompanhamento');
    await expect(page.getByRole('heading', { name: 'Acompanhamento', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Pendente');
    const table = page.getByRole('table', { name: 'Atendimentos' });
    const row = table.getByRole('row').filter({ hasText: TITLE });
    await expect(row).toContainText('20/11/2026 13:14:15');
    await expect(row).toContainText(NAME);
    await expectNoSeriousViolations(page, '/acompanhamento');

    await row.getByRole('button', { name: `Editar atendimento de ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Atendimento - ${NAME}` });
    await dialog.getByRole('combobox', { name: 'Situação', exact: true }).click();
    await page.getByRole('option', { name: 'Concluído', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Observação' }).fill(`${TITLE} (resolvido)`);
    await expectNoSeriousViolations(page, '/acompanhamento: edição');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: TITLE })).toHaveCount(0);

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Concluído', exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: `${TITLE} (resolvido)` })).toBeVisible();

    await openMember(page);
    await page.getByRole('tab', { name: /^Acompanhamento/ }).click();
    const mine = page
      .getByRole('table', { name: 'Atendimentos do associado' })
      .getByRole('row')
      .filter({ hasText: `${TITLE} (resolvido)` });
    await expect(mine).toContainText('Concluído');
    await expect(mine.getByRole('img', { name: 'Concluído' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Acompanhamento tab');
  });
});
