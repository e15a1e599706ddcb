import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { DEMO_PASSWORD, expectToast, roles, stateOf, withDb } from '../fixtures/app.js';
import { MemberRecord } from '../fixtures/member-record.js';

/**
 * Issue 14 items 2 and 4: on a demo holder with health-plan payments, the I.R. tab shows the base year's informe (PDF
 * embedded; the PDF call answers a PDF), and "Lançar crédito" in Cobranças issues a credit confirmed by a second user
 * (Financeiro) — one credit entry written with both users; axe-core on the tab and on the dialog.
 */

test.use({ storageState: stateOf('superadmin') });

let member: { cstId: number; name: string; ano: number };
const REF = `E2E crédito ${Date.now() % 100000}`;

test.beforeAll(async () => {
  member = await withDb(async (db) => {
    const { rows } = await db.query<{ cst_id: number; cust_name: string; ano: number }>(
      `select h.cst_id, h.cust_name, max(p.fec_ano)::int as ano
         from customers h
         join statement_entries e on e.cst_id = h.cst_id
         join closing_periods p on p.fec_id = e.fec_id and p.locked_at is not null
         join services s on s.svc_id = e.svc_id
         join extrato_groups g on g.extgrp_id = s.irgrp_id and g.extgrp_saude
        where h.parent_id is null and h.cust_assoc_situacao = 1
          and (select count(*) from customers o where o.cust_name = h.cust_name) = 1
        group by h.cst_id, h.cust_name
        order by h.cst_id limit 1`,
    );
    return { cstId: rows[0]!.cst_id, name: rows[0]!.cust_name, ano: rows[0]!.ano };
  });
});

const openMember = (page: Page) => new MemberRecord(page).openFromSearch(member.name.toLowerCase(), member.name);

test('I.R. tab: the newest base year with its informe PDF embedded', async ({ page }) => {
  await openMember(page);
  await new MemberRecord(page).openTab('I.R.');
  await expect(page.getByTitle(`Informe de rendimentos ${member.ano}`)).toBeVisible();
  const pdf = await page.request.get(`/api/v1/user/irpdf/${member.cstId}/${member.ano}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expectNoSeriousViolations(page, 'I.R. tab');
});

test('Lançar crédito with a second user writes one credit entry', async ({ page }) => {
  await openMember(page);
  await new MemberRecord(page).openTab('Cobranças');
  await page.getByRole('button', { name: 'Lançar crédito' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar crédito' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Usuário 1')).toBeDisabled();
  await expectNoSeriousViolations(page, 'Adicionar crédito');
  await dialog.getByLabel('Referência').fill(REF);
  await dialog.getByLabel('Valor').fill('12,34');
  await dialog.getByLabel('Senha 1').fill(DEMO_PASSWORD);
  await dialog.getByLabel('Usuário 2').fill(roles.financeiro.cpf);
  await dialog.getByLabel('Senha 2').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText('Deseja emitir crédito?')).toBeVisible();
  await page.getByRole('button', { name: 'SIM' }).click();
  await expectToast(page, 'Crédito efetuado com sucesso');
  await expect(dialog).toBeHidden();
  const rows = await withDb(
    async (db) =>
      (
        await db.query<{ ext_valor: number; ext_descricao: string }>(
          `select ext_valor, ext_descricao from statement_entries where cst_id = $1 and ext_tipo = 'credito' and ext_descricao like $2`,
          [member.cstId, `Crédito: ${REF}%`],
        )
      ).rows,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.ext_valor).toBe(-1234);
  expect(rows[0]!.ext_descricao).toContain('Ana Superadmin / Carla Financeiro');
});
