import { authContracts, menuContracts, templateContracts } from '@assoc/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../test/api-mock';
import { sessionFor } from '../test/fixtures';
import { renderWithProviders } from '../test/renderWithProviders';
import EmailsPage from './EmailsPage';

// happy-dom has no document.fonts, which Mantine's autosize textarea listens to.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
  }
});

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;

describe('/emails', () => {
  it('shows the SMS, WhatsApp and E-mail tabs and forces the template name to upper case as typed', async () => {
    mockApi([
      mockContract(authContracts.session, { body: sessionFor(['v2access', 'v2menucad', 'v2menucademails']) }),
      mockContract(menuContracts.tree, { body: [] }),
      mockContract(templateContracts.sms.list, { body: [] }),
      mockContract(templateContracts.whatsapp.list, { body: [] }),
    ]);
    const { user } = renderWithProviders(<EmailsPage />, {
      path: '/emails',
      session: sessionFor(['v2access', 'v2menucad', 'v2menucademails']),
      modals: true,
      notifications: true,
    });
    for (const tab of ['SMS', 'WhatsApp', 'E-mail']) expect(await screen.findByRole('tab', { name: tab })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modelo de SMS' });
    await user.type(field(dialog, /^Nome/), 'aviso de boleto');
    expect(field(dialog, /^Nome/).value).toBe('AVISO DE BOLETO');
    expect(field(dialog, /^Nome/)).toHaveAttribute('maxlength', '32');
    expect(field(dialog, /^Descrição/)).toHaveAttribute('maxlength', '120');
    expect(field(dialog, /^Mensagem/)).toHaveAttribute('maxlength', '240');
  });
});
