import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToast, stateOf, withDb } from '../fixtures/app.js';
import { createHolder, deletePeople } from '../fixtures/fixtures-api.js';
import { MemberRecord } from '../fixtures/member-record.js';

/**
 * The member record's Usuário tab (issue 12): the zip flow against the fake ViaCEP (fixtures/viacep.ts), a bank
 * with its rule message and the bank change, and an address label sent to the print choice (Download).
 */

const NAME = 'Etelvina Queiroz Tab Usuário';

/** A dropdown of the form by its label (Mantine Select: click, then the option). */
async function pick(scope: Locator, label: string, option: string | RegExp) {
  await scope.getByLabel(label, { exact: true }).click();
  await scope.page().getByRole('option', { name: option }).click();
}

function page$(page: Page) {
  return {
    addresses: page.getByRole('group', { name: 'Endereços' }),
    billing: page.getByRole('group', { name: 'Dados de cobrança' }),
  };
}

// A saved member with a residential address (the label) and every required field (the member rules run on a valid record).
test.beforeAll(async () => {
  await withDb(async (db) => {
    await deletePeople(db, NAME);
    await createHolder(db, { name: NAME, cpf: '39053344705', birthdate: '1958-09-21', numeroInterno: '7654300', bnkId: null });
  });
});

/** Opens the seeded member from the search box. */
const openMember = (page: Page) => new MemberRecord(page).openFromSearch('etelvina queiroz tab', NAME);

test.describe('Usuário tab', () => {
  test.describe('a new member', () => {
    test.use({ storageState: stateOf('superadmin') });

    test('the zip flow: a known CEP fills and locks, a city-wide CEP leaves the street, an unknown one clears', async ({ page }) => {
      await page.goto('/novoassociado');
      const { addresses } = page$(page);
      await expect(addresses).toBeVisible();
      const cep = addresses.getByRole('textbox', { name: 'CEP' });

      await cep.pressSequentially('01310100');
      await expect(addresses.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
      await expect(addresses.getByLabel('Bairro')).toHaveValue('Bela Vista');
      await expect(addresses.getByLabel('Cidade')).toHaveValue('São Paulo');
      await expect(addresses.getByLabel('UF')).toHaveValue('SP');
      for (const label of ['Logradouro', 'Bairro', 'Cidade', 'UF'])
        await expect(addresses.getByLabel(label, { exact: true })).toHaveAttribute('readonly');
      await expect(addresses.getByLabel('Número')).toBeFocused();
      await page.screenshot({ path: 'test-results/screens/member-user-tab.png', fullPage: true });

      // City-wide CEP (no street of its own): the street stays editable and takes the focus.
      await cep.fill('');
      await cep.pressSequentially('13560000');
      await expect(addresses.getByLabel('Cidade')).toHaveValue('São Carlos');
      await expect(addresses.getByLabel('Logradouro')).not.toHaveAttribute('readonly');
      await expect(addresses.getByLabel('Logradouro')).toBeFocused();
      await expect(addresses.getByLabel('Cidade')).toHaveAttribute('readonly');

      // Unknown CEP: the fields are cleared and unlocked.
      await cep.fill('');
      await cep.pressSequentially('99999999');
      await expect(addresses.getByLabel('Cidade')).toHaveValue('');
      await expect(addresses.getByLabel('Cidade')).not.toHaveAttribute('readonly');

      // Limpar endereço: all empty, the street focused.
      await cep.fill('');
      await cep.pressSequentially('01310100');
      await expect(addresses.getByLabel('Cidade')).toHaveValue('São Paulo');
      await addresses.getByRole('button', { name: 'Limpar endereço' }).click();
      await expect(cep).toHaveValue('');
      await expect(addresses.getByLabel('Cidade')).toHaveValue('');
      await expect(addresses.getByLabel('Logradouro')).toBeFocused();
    });
  });

  test.describe('a saved member, attendance staff', () => {
    test.use({ storageState: stateOf('atendimento') });

    test('prints an address label to the chosen Download; billing is read-only without its edit role', async ({ page }) => {
      await openMember(page);
      const { addresses, billing } = page$(page);

      // Atendimento views the billing data but may not change it (v2userdadoscobrançaview only).
      await expect(billing).toBeVisible();
      await expect(billing.getByLabel('Local de débito', { exact: true })).toBeDisabled();

      await addresses.getByRole('button', { name: 'Etiqueta' }).click();
      await page.getByRole('menuitem', { name: 'Secretaria' }).click();
      const choice = page.getByRole('dialog', { name: 'Selecionar como imprimir' });
      await expect(choice).toBeVisible();
      await choice.getByRole('radio', { name: 'Download' }).check();
      const download = page.waitForEvent('download');
      await choice.getByRole('button', { name: 'Ok' }).click();
      expect((await download).suggestedFilename()).toMatch(/^etiqueta-\d+-1-1\.pdf$/);
      await expectToast(page, 'Etiqueta enviada com sucesso!');
    });
  });
  test.describe('a saved member, superadmin', () => {
    test.use({ storageState: stateOf('superadmin') });

    test('a bank with its rule message, and the bank change to 18 fixing the branch at 4378', async ({ page }) => {
      await openMember(page);
      const { billing } = page$(page);
      await pick(billing, 'Local de débito', /^1 - /);
      await billing.getByRole('textbox', { name: 'Agência', exact: true }).fill('123');
      await billing.getByRole('textbox', { name: 'Conta', exact: true }).click();
      await expect(billing.getByText('Agência inválida')).toBeVisible();

      await billing.getByRole('textbox', { name: 'Conta', exact: true }).fill('12345678');
      await pick(billing, 'Local de débito', /^18 - /);
      await expect(billing.getByRole('textbox', { name: 'Agência', exact: true })).toHaveValue('4378');
      await expect(billing.getByRole('textbox', { name: 'Agência', exact: true })).toHaveAttribute('readonly');
      await expect(billing.getByRole('textbox', { name: 'Conta', exact: true })).toHaveValue('');
      await expect(billing.getByText('Agência inválida')).toBeHidden();
    });
  });
});
