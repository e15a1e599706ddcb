import { Button, Menu } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { healthDeclarationMessages, healthDeclarationContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../test/api-mock';
import { renderWithProviders } from '../../test/renderWithProviders';
import { HEALTH_DECLARATION_POPUP, HealthDeclarationItems } from './HealthDeclarationItems';

function setup(canPrint = true, canEmail = true) {
  const view = renderWithProviders(
    <Menu>
      <Menu.Target>
        <Button>Download/E-Mail</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <HealthDeclarationItems cstId={101} period={-26} canPrint={canPrint} canEmail={canEmail} />
      </Menu.Dropdown>
    </Menu>,
    { notifications: true },
  );
  return view;
}

describe('HealthDeclarationItems', () => {
  it('opens the declaration of the period in a 642x930 popup', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Download/E-Mail' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Declaração de saúde' }));
    expect(open).toHaveBeenCalledWith('/api/v1/user/decsaude/101/-26', '_blank', HEALTH_DECLARATION_POPUP);
    expect(HEALTH_DECLARATION_POPUP).toBe('width=642,height=930');
  });

  it('e-mails it and shows the spec message; a refusal shows its message', async () => {
    let status = 200;
    const api = mockApi([
      mockContract(
        healthDeclarationContracts.email,
        () =>
          status === 200
            ? { body: { message: healthDeclarationMessages.sent } }
            : { status, body: { message: healthDeclarationMessages.emailMissing } },
        { params: { cstId: 101, fecID: '-26' } },
      ),
    ]);
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Download/E-Mail' }));
    await user.click(await screen.findByRole('menuitem', { name: 'E-Mail declaração de saúde' }));
    expect(await screen.findByText('Declaração de saúde enviada com sucesso!')).toBeInTheDocument();
    expect(api.callsTo(healthDeclarationContracts.email, { cstId: 101, fecID: '-26' })).toHaveLength(1);
    status = 400;
    await user.click(screen.getByRole('button', { name: 'Download/E-Mail' }));
    await user.click(await screen.findByRole('menuitem', { name: 'E-Mail declaração de saúde' }));
    expect(await screen.findByText(healthDeclarationMessages.emailMissing)).toBeInTheDocument();
  });

  it('shows only the items of the roles held', async () => {
    const { user } = setup(true, false);
    await user.click(screen.getByRole('button', { name: 'Download/E-Mail' }));
    expect(await screen.findByRole('menuitem', { name: 'Declaração de saúde' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'E-Mail declaração de saúde' })).not.toBeInTheDocument();
  });
});
