import { authContracts, menuContracts, circunscricaoContracts, coordinatorsContract } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, mockContract, type ContractReply } from '../../../test/api-mock';
import { sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from '../../ui/crud/sessionMarks';
import { COORDINATOR_SEARCH_FAILED } from './CoordinatorSelect';

afterEach(() => sessionMarks.clear());

const capital = {
  cirId: 1,
  cirNome: '1ª Circunscrição Judiciária',
  cirRegional: 'Capital',
  cirRaj: null,
  corTitular: null,
  corAdjunto: null,
  titularName: null,
  adjuntoName: null,
  version: 1,
};

function setup(coordenadores: ContractReply<typeof coordinatorsContract>) {
  const api = mockApi([
    mockContract(authContracts.session, { body: sessionFor([...staffRoles, 'v2menucad', 'v2menucadloc']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(circunscricaoContracts.list, { body: { cirs: [capital], rajs: [] } }),
    mockContract(coordinatorsContract, coordenadores),
  ]);
  return { api, ...renderApp('/localizacao') };
}

async function openCoordinatorPicker(user: ReturnType<typeof setup>['user']) {
  await screen.findByRole('heading', { name: 'Localização' });
  await user.click(screen.getByRole('button', { name: 'Nova circunscrição' }));
  const dialog = await screen.findByRole('dialog', { name: 'Circunscrição' });
  await user.click(within(dialog).getByLabelText('Coordenador titular', { selector: 'input' }));
  return dialog;
}

describe('coordinator picker', { timeout: 45_000 }, () => {
  it('opening it lists the first magistrates (an empty query)', async () => {
    const { user, api } = setup({ body: [{ cstId: 501, custName: 'Ana Magistrada' }] });
    await openCoordinatorPicker(user);
    expect(await screen.findByRole('option', { name: 'Ana Magistrada' })).toBeInTheDocument();
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v1/coordenadores?q=');
  });

  it('a failed search says so with the reason instead of an empty list', async () => {
    const { user } = setup({ status: 500, body: { message: 'Ocorreu um erro para executar a operação solicitada' } });
    const dialog = await openCoordinatorPicker(user);
    const message = `${COORDINATOR_SEARCH_FAILED}: Ocorreu um erro para executar a operação solicitada`;
    // Under the box and in the open list.
    await waitFor(() => expect(within(dialog).getAllByText(message).length).toBeGreaterThan(0));
    expect(screen.queryByText('Nenhum magistrado encontrado')).not.toBeInTheDocument();
  });
});
