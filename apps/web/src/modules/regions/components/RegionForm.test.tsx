import { authContracts, menuContracts, regionContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from '../../ui/crud/sessionMarks';

afterEach(() => sessionMarks.clear());

const ufs = [
  { uf: 'AC', ufName: 'Acre' },
  { uf: 'RJ', ufName: 'Rio de Janeiro' },
  { uf: 'SP', ufName: 'São Paulo' },
];
const spCities = [
  { cityId: 3518800, cityName: 'Guarulhos' },
  { cityId: 3534401, cityName: 'Osasco' },
  { cityId: 3550308, cityName: 'São Paulo' },
];
const rjCities = [
  { cityId: 3303302, cityName: 'Niterói' },
  { cityId: 3304557, cityName: 'Rio de Janeiro' },
];
const capital = {
  regionId: 1,
  regionName: '1ª RAJ - Grande São Paulo',
  regioes: [
    { regionId: 3518800, uf: 'SP', cidade: 'Guarulhos' },
    { regionId: 3550308, uf: 'SP', cidade: 'São Paulo' },
  ],
  version: 1,
};

function setup(routes: MockRoute[] = []) {
  const api = mockApi([
    mockContract(authContracts.session, { body: sessionFor([...staffRoles, 'v2menucad', 'v2menucadloc']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(regionContracts.list, { body: [{ regionId: 1, regionName: capital.regionName, version: 1 }] }),
    mockContract(regionContracts.get, { body: capital }, { params: { id: 1 } }),
    mockContract(regionContracts.ufs, { body: ufs }),
    mockContract(regionContracts.cities, { body: spCities }, { params: { uf: 'SP' } }),
    mockContract(regionContracts.cities, { body: rjCities }, { params: { uf: 'RJ' } }),
    mockContract(regionContracts.add, { body: { ...capital, regionId: 2 } }),
    mockContract(regionContracts.update, { body: capital }, { params: { id: 1 } }),
    ...routes,
  ]);
  return { api, ...renderApp('/regioes') };
}

type User = ReturnType<typeof setup>['user'];
const okButton = () => screen.getByRole('button', { name: 'Ok' });
const cityList = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Cidades da região' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const select = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

async function pick(user: User, dialog: HTMLElement, label: string, option: string) {
  await waitFor(() => expect(select(dialog, label)).toBeEnabled());
  await user.click(select(dialog, label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openNew(user: User) {
  await screen.findByText(capital.regionName);
  await user.click(screen.getByRole('button', { name: 'Novo' }));
  return screen.findByRole('dialog', { name: 'Feriado' });
}

describe('region modal', () => {
  it('adds cities kept sorted by UF then city, refuses a duplicate with the message, and saves the list', async () => {
    const { user, api } = setup();
    const dialog = await openNew(user);
    // A new region: empty list, its message, Ok red; UF SP by default, nothing to add yet.
    expect(within(dialog).getByText('Lista deve conter pelo menos uma cidade')).toBeInTheDocument();
    expect(okButton()).toHaveAttribute('data-state', 'invalid');
    await waitFor(() => expect(select(dialog, 'UF').value).toBe('SP - São Paulo'));
    const add = within(dialog).getByRole('button', { name: 'Adicionar' });
    expect(add).toBeDisabled();

    await pick(user, dialog, 'Cidades', 'São Paulo');
    expect(add).toBeEnabled();
    await user.click(add);
    expect(cityList(dialog)).toEqual(['SP, São Paulo']);
    // Adding clears the selection.
    expect(select(dialog, 'Cidades').value).toBe('');
    expect(add).toBeDisabled();
    expect(within(dialog).queryByText('Lista deve conter pelo menos uma cidade')).not.toBeInTheDocument();

    await pick(user, dialog, 'Cidades', 'Guarulhos');
    await user.click(add);
    await pick(user, dialog, 'UF', 'RJ - Rio de Janeiro');
    await waitFor(() => expect(api.callsTo(regionContracts.cities, { uf: 'RJ' })).toHaveLength(1));
    await pick(user, dialog, 'Cidades', 'Niterói');
    await user.click(add);
    expect(cityList(dialog)).toEqual(['RJ, Niterói', 'SP, Guarulhos', 'SP, São Paulo']);

    // The same city again is refused, the list unchanged.
    await pick(user, dialog, 'UF', 'SP - São Paulo');
    await pick(user, dialog, 'Cidades', 'São Paulo');
    await user.click(add);
    expect(within(dialog).getByText('Cidade já cadastrada na lista abaixo')).toBeInTheDocument();
    expect(cityList(dialog)).toEqual(['RJ, Niterói', 'SP, Guarulhos', 'SP, São Paulo']);
    // Choosing another city clears the message.
    await pick(user, dialog, 'Cidades', 'Osasco');
    expect(within(dialog).queryByText('Cidade já cadastrada na lista abaixo')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Descrição/), 'Região Teste');
    expect(okButton()).toHaveAttribute('data-state', 'changed');
    await user.click(okButton());
    expect(await screen.findByText('Registro adicionado com sucesso')).toBeInTheDocument();
    expect(api.callsTo(regionContracts.add)[0]!.body).toEqual({
      regionId: -1,
      regionName: 'Região Teste',
      regioes: [
        { regionId: 3303302, uf: 'RJ', cidade: 'Niterói' },
        { regionId: 3518800, uf: 'SP', cidade: 'Guarulhos' },
        { regionId: 3550308, uf: 'SP', cidade: 'São Paulo' },
      ],
    });
  });

  it('checks the name on blur', async () => {
    const { user } = setup();
    const dialog = await openNew(user);
    await user.type(within(dialog).getByLabelText(/Descrição/), 'X');
    expect(within(dialog).queryByText('Tamanho mínimo de 2 caracteres')).not.toBeInTheDocument();
    await user.tab();
    expect(within(dialog).getByText('Tamanho mínimo de 2 caracteres')).toBeInTheDocument();
  });

  it('edits: loads the region with its cities (Ok green), removes cities; an empty list shows the message and keeps Ok red', async () => {
    const { user, api } = setup();
    await screen.findByText(capital.regionName);
    await user.click(within(screen.getByText(capital.regionName).closest('tr')!).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feriado' });
    await waitFor(() => expect(cityList(dialog)).toEqual(['SP, Guarulhos', 'SP, São Paulo']));
    expect(api.callsTo(regionContracts.get, { id: 1 })).toHaveLength(1);
    expect(within(dialog).getByLabelText(/Descrição/)).toHaveValue(capital.regionName);
    expect(okButton()).toHaveAttribute('data-state', 'unchanged');

    await user.click(within(dialog).getByRole('button', { name: 'Remover SP, Guarulhos' }));
    expect(cityList(dialog)).toEqual(['SP, São Paulo']);
    expect(okButton()).toHaveAttribute('data-state', 'changed');
    await user.click(within(dialog).getByRole('button', { name: 'Remover SP, São Paulo' }));
    expect(cityList(dialog)).toEqual([]);
    expect(within(dialog).getByText('Lista deve conter pelo menos uma cidade')).toBeInTheDocument();
    expect(okButton()).toHaveAttribute('data-state', 'invalid');
    expect(okButton()).toBeDisabled();
  });

  it('failures of the region, UF and city calls only stop the loading indicator (no message)', async () => {
    const { user, api } = setup([
      mockContract(regionContracts.get, { status: 500, body: {} }, { params: { id: 1 } }),
      mockContract(regionContracts.ufs, { status: 500, body: {} }),
      mockContract(regionContracts.cities, { status: 500, body: {} }, { params: { uf: 'SP' } }),
    ]);
    await screen.findByText(capital.regionName);
    await user.click(within(screen.getByText(capital.regionName).closest('tr')!).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feriado' });
    // The form opens with the row's values and an empty list.
    await waitFor(() => expect(within(dialog).getByLabelText(/Descrição/)).toHaveValue(capital.regionName));
    await waitFor(() => expect(api.callsTo(regionContracts.cities, { uf: 'SP' })).toHaveLength(1));
    expect(cityList(dialog)).toEqual([]);
    expect(within(dialog).getByText('Lista deve conter pelo menos uma cidade')).toBeInTheDocument();
    expect(screen.queryByText('Não foi possível executar a solicitação com sucesso')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Adicionar' })).toBeDisabled();
  });

  it('a deleted region is recovered with its cities (the delete reply), not an empty list', async () => {
    let deleted = false;
    const { user, api } = setup([
      mockContract(regionContracts.list, () => ({ body: deleted ? [] : [{ regionId: 1, regionName: capital.regionName, version: 1 }] })),
      mockContract(
        regionContracts.remove,
        () => {
          deleted = true;
          return { body: capital };
        },
        { params: { id: 1 } },
      ),
    ]);
    await screen.findByText(capital.regionName);
    const row = () => screen.getByText(capital.regionName).closest('tr')!;
    await user.click(within(row()).getByRole('button', { name: 'Apagar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Apagando serviço' })).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(row()).toHaveAttribute('data-marker', 'delete'));
    await user.click(within(row()).getByRole('button', { name: 'Recuperar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Recuperando serviço' })).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(api.callsTo(regionContracts.update, { id: 1 })).toHaveLength(1));
    expect(api.callsTo(regionContracts.update, { id: 1 })[0]!.body).toEqual(capital);
  });
});
