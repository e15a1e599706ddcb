import { followUpContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FollowUpRecord } from '@assoc/domain';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FollowUpScreen } from './FollowUpScreen';

const record = (values: Partial<FollowUpRecord> = {}): FollowUpRecord => ({
  atdId: 5,
  cstId: 40,
  atdData: '2026-01-02T23:30:00.000Z',
  atdTipo: 1,
  atdDepartamento: 1,
  atdAssunto: 9,
  custName: 'João Magistrado',
  atdTitulo: 'Pediu informações da SPPREV',
  atdCriadoPor: 'Carla',
  atdStatus: 1,
  version: 4,
  ...values,
});

function setup(routes: MockRoute[] = []) {
  const api = mockApi([
    mockContract(followUpContracts.list, { body: [record()] }, { params: { status: 1 } }),
    mockContract(
      followUpContracts.list,
      { body: [record({ atdId: 6, atdStatus: 3, custName: 'Paula Juíza', atdTitulo: 'Resolvido' })] },
      { params: { status: 3 } },
    ),
    ...routes,
  ]);
  return { api, ...renderWithProviders(<FollowUpScreen />, { session: sessionFor(['v2access', 'v2atd']), notifications: true }) };
}

describe('/acompanhamento', { timeout: 30_000 }, () => {
  it('starts on status 1 (Pendente) and lists with the spec columns; another status loads its list', async () => {
    const { user, api } = setup();
    expect(screen.getByLabelText('Status', { selector: 'input' })).toHaveValue('Pendente');
    const table = screen.getByRole('table', { name: 'Atendimentos' });
    const row = await within(table).findByRole('row', { name: /João Magistrado/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 8)).toEqual([
      '02/01/2026 23:30:00',
      'Solicitação',
      'Atendimento',
      'SPPREV',
      'João Magistrado',
      'Pediu informações da SPPREV',
      'Carla',
      'Pendente',
    ]);
    expect(within(row).getByRole('img', { name: 'Pendente' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Concluído' }));
    expect(await within(table).findByText('Paula Juíza')).toBeInTheDocument();
    expect(within(table).getByRole('img', { name: 'Concluído' })).toBeInTheDocument();
    expect(api.callsTo(followUpContracts.list, { status: 3 })).toHaveLength(1);
  });

  it('edit saves the whole record at the version read, reloads the list and closes', async () => {
    let saved = false;
    const { user, api } = setup([
      mockContract(followUpContracts.list, () => ({ body: saved ? [] : [record()] }), { params: { status: 1 } }),
      mockContract(
        followUpContracts.update,
        () => {
          saved = true;
          return { body: record({ atdStatus: 3, version: 5 }) };
        },
        { params: { atdId: 5 } },
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Editar atendimento de João Magistrado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atendimento - João Magistrado' });
    await user.click(within(dialog).getByLabelText(/^Situação/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Concluído' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(followUpContracts.update, { atdId: 5 })[0]!.body).toEqual({
      atdTipo: 1,
      atdDepartamento: 1,
      atdAssunto: 9,
      atdTitulo: 'Pediu informações da SPPREV',
      atdStatus: 3,
      version: 4,
    });
    await waitFor(() => expect(screen.queryByText('João Magistrado')).not.toBeInTheDocument());
    expect(api.callsTo(followUpContracts.list, { status: 1 }).length).toBeGreaterThanOrEqual(2);
  });

  it('a save over a newer version keeps the edit open with the message and Recarregar', async () => {
    let reads = 0;
    const { user } = setup([
      mockContract(
        followUpContracts.list,
        () => ({ body: [reads++ === 0 ? record() : record({ version: 5, atdTitulo: 'Alterado por outra pessoa' })] }),
        { params: { status: 1 } },
      ),
      mockContract(
        followUpContracts.update,
        { status: 409, body: { message: 'Registro alterado por outro usuário. Recarregue para continuar.' } },
        { params: { atdId: 5 } },
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Editar atendimento de João Magistrado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atendimento - João Magistrado' });
    await user.type(within(dialog).getByLabelText(/^Observação/, { selector: 'textarea' }), ' e mais');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await within(dialog).findByText('Registro alterado por outro usuário. Recarregue para continuar.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getByLabelText(/^Observação/, { selector: 'textarea' })).toHaveValue('Alterado por outra pessoa'),
    );
  });
});
