import { authContracts, menuContracts, extratoGroupContracts } from '@assoc/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from './sessionMarks';

afterEach(() => sessionMarks.clear());

describe('number fields of the generic form (Ordem of /extratogroup)', { timeout: 45_000 }, () => {
  it('keep an out-of-range value as typed, show the spec message and keep Ok red', async () => {
    mockApi([
      mockContract(authContracts.session, { body: sessionFor([...staffRoles, 'v2menucad', 'v2menucadgruposextir']) }),
      mockContract(menuContracts.tree, { body: [] }),
      mockContract(extratoGroupContracts.list, { body: [] }),
    ]);
    const { user } = renderApp('/extratogroup');
    await screen.findByRole('heading', { name: 'Grupos (Extrato/IR)' });
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grupo (Extrato/IR)' });
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Plano de saúde');
    const order = within(dialog).getByLabelText(/^Ordem/) as HTMLInputElement;
    const ok = within(dialog).getByRole('button', { name: 'Ok' });

    await user.clear(order);
    await user.type(order, '0');
    await user.tab();
    expect(order).toHaveValue('0');
    expect(within(dialog).getByText('Valor mínimo inválido')).toBeInTheDocument();
    expect(ok).toHaveAttribute('data-state', 'invalid');

    await user.clear(order);
    await user.type(order, '10000');
    await user.tab();
    expect(order).toHaveValue('10000');
    expect(within(dialog).getByText('Valor máximo inválido')).toBeInTheDocument();
    expect(ok).toHaveAttribute('data-state', 'invalid');

    await user.clear(order);
    await user.type(order, '20');
    expect(ok).toHaveAttribute('data-state', 'changed');
  });
});

describe('switch fields of the generic form (Plano de saúde (I.R.) of /extratogroup, issue 22 item 2)', { timeout: 45_000 }, () => {
  it('show SIM/NÃO, start off and send the boolean the IR group is saved with', async () => {
    const api = mockApi([
      mockContract(authContracts.session, { body: sessionFor([...staffRoles, 'v2menucad', 'v2menucadgruposextir']) }),
      mockContract(menuContracts.tree, { body: [] }),
      mockContract(extratoGroupContracts.list, {
        body: [{ extgrpID: 3, extgrpName: 'Fundo de Pecúlio', extgrpSort: 60, extgrpSaude: false, version: 1 }],
      }),
      mockContract(extratoGroupContracts.add, (request) => ({
        body: { ...(request.body as object), extgrpID: 7, version: 1 },
      })),
    ]);
    const { user } = renderApp('/extratogroup');
    await screen.findByRole('heading', { name: 'Grupos (Extrato/IR)' });
    const row = (await screen.findByText('Fundo de Pecúlio')).closest('tr')!;
    expect(within(row).getByText('NÃO')).toBeInTheDocument();
    expect(screen.getByText('Plano de saúde (I.R.)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grupo (Extrato/IR)' });
    await user.type(within(dialog).getByLabelText(/^Nome/), 'Planos de saúde');
    const health = within(dialog).getByRole('switch', { name: 'Plano de saúde (I.R.)' });
    expect(health).not.toBeChecked();
    await user.click(health);
    expect(health).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await vi.waitFor(() => expect(api.callsTo(extratoGroupContracts.add)).toHaveLength(1));
    expect(api.callsTo(extratoGroupContracts.add)[0]!.body).toMatchObject({ extgrpName: 'Planos de saúde', extgrpSaude: true });
  });
});
