import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { stateOf, withDb } from '../fixtures/app.js';
import { createHolder, deletePeople } from '../fixtures/fixtures-api.js';
import { MemberRecord } from '../fixtures/member-record.js';

/**
 * The member record's Ressarcimentos tab (issue 27 items 3-4): a claim with two procedures, each with its document,
 * saved with the member; reopened, one procedure returned Pago; saved again: its credit is in the holder's ledger,
 * once. axe-core on the tab and its three dialogs.
 */

const NAME = 'Genoveva Tavares Aba Ressarcimentos';
const PDF = Buffer.from('%PDF-1.7\n% recibo de teste\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
let cstId = 0;

// A holder with a health plan (of a health IR group) and its card: the patient, its optical mark and the credit's service.
test.beforeAll(async () => {
  await withDb(async (db) => {
    await deletePeople(db, NAME);
    cstId = await createHolder(db, { name: NAME, birthdate: '1966-04-12', numeroInterno: '7654427' });
    await db.query(
      `insert into customer_services (cst_id, svc_id, valor, csl_quantidade, csl_str1, csl_inicio)
       select $1, s.svc_id, 0, 1, '424242424', date '2020-01-01' from services s
         join service_plugins sp on sp.svc_id = s.svc_id and sp.plugin = 'plgHealth'
         join extrato_groups g on g.extgrp_id = s.irgrp_id and g.extgrp_saude
        where s.deleted_at is null order by s.svc_id limit 1`,
      [cstId],
    );
  });
});

async function openTab(page: Page) {
  const record = new MemberRecord(page);
  await record.openFromSearch('genoveva tavares aba', NAME);
  await record.openTab('Ressarcimentos');
  const table = page.getByRole('table', { name: 'Ressarcimentos do associado' });
  await expect(table).toBeVisible();
  return { record, table };
}

async function addProcedure(page: Page, record: MemberRecord, type: string, value: string, axe = false) {
  const claim = page.getByRole('dialog', { name: 'Ressarcimento - Reembolso' });
  await claim.getByRole('button', { name: 'Adicionar procedimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Procedimento', exact: true });
  await record.pick(dialog, 'Procedimento', type, { exactOption: true });
  await dialog.getByRole('textbox', { name: 'Data do procedimento' }).fill('10/03/2025');
  await dialog.getByRole('textbox', { name: 'Valor' }).fill(value);
  const add = dialog.getByRole('button', { name: 'Adicionar' });
  await expect(add).toBeDisabled();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'recibo.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('Documento enviado')).toBeVisible();
  if (axe) await expectNoSeriousViolations(page, 'Ressarcimentos: procedimento');
  await add.click();
  await expect(dialog).toBeHidden();
}

test.describe('Ressarcimentos tab', () => {
  test.use({ storageState: stateOf('superadmin') });

  test('a claim with two procedures and their documents; one returned Pago is credited in the ledger once', async ({ page }) => {
    test.setTimeout(180_000);
    const { record, table } = await openTab(page);
    await expect(table.getByText('Nenhum ressarcimento')).toBeVisible();
    await expectNoSeriousViolations(page, 'Ressarcimentos tab');

    await page.getByRole('button', { name: 'Adicionar ressarcimento' }).click();
    const claim = page.getByRole('dialog', { name: 'Ressarcimento - Reembolso' });
    await record.pick(claim, 'Paciente', NAME);
    await expect(claim.getByRole('textbox', { name: 'Marca ótica' })).toHaveValue('42424242');
    await addProcedure(page, record, 'Consulta', '150,00', true);
    await addProcedure(page, record, 'Exame', '80,00');
    await expectNoSeriousViolations(page, 'Ressarcimentos: Ressarcimento - Reembolso');
    await claim.getByRole('button', { name: 'Ok' }).click();
    await expect(claim).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'N/I' })).toContainText(NAME);
    await record.saveAndClose();

    // Reopened inside the app: the saved claim, edited (no procedure added), the first procedure returned Pago.
    await record.openByState({ cstId, parentId: null });
    await record.openTab('Ressarcimentos');
    const row = table.getByRole('row').filter({ hasText: NAME }).first();
    await expect(row).toContainText('R$ 0,00');
    const doc = await page.request.get((await row.getByRole('link', { name: /^Abrir documento/ }).getAttribute('href'))!);
    expect([doc.status(), doc.headers()['content-type']]).toEqual([200, 'application/pdf']);
    await row.getByRole('button', { name: /^Editar ressarcimento/ }).click();
    await expect(claim.getByRole('button', { name: 'Adicionar procedimento' })).toBeDisabled();
    await claim.getByRole('button', { name: 'Editar retorno do procedimento Consulta' }).click();
    const ret = page.getByRole('dialog', { name: 'Procedimento - Retorno' });
    await record.pick(ret, 'Retorno', 'Pago', { exactOption: true });
    await ret.getByRole('textbox', { name: 'Data do retorno' }).fill('01/04/2025');
    await ret.getByRole('textbox', { name: 'Valor do retorno' }).fill('120,00');
    await expectNoSeriousViolations(page, 'Ressarcimentos: Procedimento - Retorno');
    await ret.getByRole('button', { name: 'Ok' }).click();
    await expect(ret).toBeHidden();
    await claim.getByRole('button', { name: 'Ok' }).click();
    await expect(claim).toBeHidden();
    await record.saveAndClose();
    await record.openByState({ cstId, parentId: null });
    await record.openTab('Ressarcimentos');
    await expect(row).toContainText('R$ 120,00');

    const credits = await withDb(
      async (db) =>
        (
          await db.query<{ ext_valor: number; n: number }>(
            `select ext_valor, count(*) over ()::int as n from statement_entries where cst_id = $1 and ext_key like 'ressarcimento:%'`,
            [cstId],
          )
        ).rows,
    );
    expect(credits).toEqual([{ ext_valor: -12_000, n: 1 }]);
  });
});
