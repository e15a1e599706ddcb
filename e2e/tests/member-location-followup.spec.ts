import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { stateOf, withDb } from '../fixtures/app.js';
import { addAtendimento, createHolder, deletePeople } from '../fixtures/fixtures-api.js';
import { MemberRecord } from '../fixtures/member-record.js';

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
    await deletePeople(db, NAME);
    const f = await db.query<{ apf_id: number; for_short: string; loc_id: number; loc_nome: string }>(
      `select f.apf_id, f.for_short, l.loc_id, l.loc_nome from forums f join locals l on l.apf_id = f.apf_id and l.deleted_at is null
       order by f.apf_id, l.loc_nome limit 1`,
    );
    forum = { apfId: f.rows[0]!.apf_id, forShort: f.rows[0]!.for_short };
    local = { locId: f.rows[0]!.loc_id, locNome: f.rows[0]!.loc_nome };
    cargo = (await db.query<{ afc_cargo: string }>(`select afc_cargo from forum_cargos where deleted_at is null order by afc_cargo limit 1`)).rows[0]!
      .afc_cargo;
    const cstId = await createHolder(db, { name: NAME, birthdate: '1968-09-21', numeroInterno: '7654531', status: 'M' });
    await addAtendimento(db, cstId, {
      at: '2026-11-20 13:14:15+00',
      tipo: 1,
      departamento: 1,
      assunto: 5,
      titulo: TITLE,
      criadoPor: 'Bruno Atendimento',
      status: 1,
    });
  });
});

async function openMember(page: Page) {
  const record = new MemberRecord(page);
  await record.openFromSearch('leopoldina cavalcanti aba', NAME);
  return record;
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
    await (await openMember(page)).openTab('Localização');
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

    await new MemberRecord(page).saveAndClose();

    await (await openMember(page)).openTab('Localização');
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

    await (await openMember(page)).openTab('Acompanhamento');
    const mine = page
      .getByRole('table', { name: 'Atendimentos do associado' })
      .getByRole('row')
      .filter({ hasText: `${TITLE} (resolvido)` });
    await expect(mine).toContainText('Concluído');
    await expect(mine.getByRole('img', { name: 'Concluído' })).toBeVisible();
    await expectNoSeriousViolations(page, 'Acompanhamento tab');
  });
});
