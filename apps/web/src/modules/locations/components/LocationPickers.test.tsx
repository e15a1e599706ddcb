import {
  authContracts,
  menuContracts,
  circunscricaoContracts,
  comarcaContracts,
  forumContracts,
  localContracts,
  coordinatorsContract,
  cepContracts,
} from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { sessionFor, staffRoles } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from '../../ui/crud/sessionMarks';

afterEach(() => sessionMarks.clear());

const coordinators = { corTitular: null, corAdjunto: null, titularName: null, adjuntoName: null };
const capital = { cirId: 1, cirNome: '1ª Circunscrição Judiciária', cirRegional: 'Capital', cirRaj: 7, ...coordinators, version: 1 };
const campinas = { cirId: 2, cirNome: '4ª Circunscrição Judiciária', cirRegional: 'Campinas', cirRaj: null, ...coordinators, version: 1 };
// Without its version (which the contract requires): the coordinator test asserts the PUT body without one.
const saoPaulo = { comId: 11, cirId: 1, comNome: 'São Paulo', ...coordinators };
const withoutVersion = 'the comarca São Paulo has no version: the coordinator test asserts its PUT body without one';
const guarulhos = { comId: 12, cirId: 1, comNome: 'Guarulhos', ...coordinators, version: 1 };
const joaoMendes = {
  apfId: 21,
  comId: 11,
  forNome: 'Fórum João Mendes Júnior',
  forShort: 'João Mendes',
  forZipcode: '01501900',
  forAddress: 'Praça João Mendes',
  forNumber: 's/n',
  forComplement: null,
  forCity: 'São Paulo',
  forState: 'SP',
  forPhoneDdd1: '11',
  apfPhone1: '21716000',
  forPhoneDdd2: null,
  forPhone2: null,
  ...coordinators,
  version: 1,
};
const vara = {
  locId: 31,
  apfId: 21,
  locNome: '1ª Vara Cível',
  predioNome: 'Fórum João Mendes Júnior',
  locPhone1Ddd: '11',
  locPhone1: '21716010',
  locPhone1Ext: '200',
  locPhone2Ddd: null,
  locPhone2: null,
  locPhone2Ext: null,
  locFaxDdd: null,
  locFax: null,
  ...coordinators,
  version: 1,
};
const paulista = { logradouro: 'Avenida Paulista', tipoLogradouro: 'Avenida', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' };

function setup(routes: MockRoute[] = []) {
  let cirs = [capital, campinas];
  const api = mockApi([
    mockContract(authContracts.session, { body: sessionFor([...staffRoles, 'v2menucad', 'v2menucadloc']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(circunscricaoContracts.list, () => ({ body: { cirs, rajs: [{ regionId: 7, regionName: '1ª RAJ - Grande São Paulo' }] } })),
    mockContract(circunscricaoContracts.get, { body: capital }, { params: { cirId: 1 } }),
    mockContract(circunscricaoContracts.add, ({ body }) => {
      const created = { ...(body as typeof capital), cirId: 3, ...coordinators, version: 1 };
      cirs = [...cirs, created];
      return { body: created };
    }),
    mockContract(comarcaContracts.list, { body: [saoPaulo, guarulhos], unchecked: withoutVersion }, { params: { cirId: 1 } }),
    mockContract(comarcaContracts.list, { status: 500, body: { message: 'Falha' } }, { params: { cirId: 2 } }),
    mockContract(comarcaContracts.list, { body: [] }, { params: { cirId: 3 } }),
    mockContract(comarcaContracts.get, { body: saoPaulo, unchecked: withoutVersion }, { params: { comId: 11 } }),
    mockContract(comarcaContracts.update, { status: 204 }, { params: { comId: 11 } }),
    mockContract(forumContracts.list, { body: [joaoMendes] }, { params: { comId: 11 } }),
    mockContract(forumContracts.list, { body: [] }, { params: { comId: 12 } }),
    mockContract(localContracts.list, { body: [vara] }, { params: { apfId: 21, refreshCounter: 0 } }),
    mockContract(coordinatorsContract, {
      body: [
        { cstId: 501, custName: 'José Antônio Coordenação' },
        { cstId: 502, custName: 'Márcia Adjunta' },
      ],
    }),
    mockContract(cepContracts.lookup, { body: paulista }, { params: { cep: '01310100' } }),
    mockContract(
      cepContracts.lookup,
      { body: { logradouro: '', tipoLogradouro: '', bairro: '', cidade: 'São Carlos', uf: 'SP' } },
      { params: { cep: 13560000 } },
    ),
    mockContract(forumContracts.add, ({ body }) => ({ body: { ...(body as object), apfId: 22, comId: 12, ...coordinators, version: 1 } }), {
      params: { comId: 12 },
    }),
    ...routes,
  ]);
  return { api, ...renderApp('/localizacao') };
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });

async function choose(user: ReturnType<typeof setup>['user'], label: string, option: string) {
  await waitFor(() => expect(input(label)).toBeEnabled());
  await user.click(input(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

// Whole-screen flows with several dropdowns: more room than the default on a busy machine.
describe('/localizacao', { timeout: 45_000 }, () => {
  it('cascades: edit needs a value, add needs the parent; a new circunscrição or comarca resets the levels below', async () => {
    const { user, api } = setup();
    await screen.findByRole('heading', { name: 'Localização' });
    await waitFor(() => expect(api.callsTo(circunscricaoContracts.list)).toHaveLength(1));
    expect(button('Nova circunscrição')).toBeEnabled();
    expect(button('Editar circunscrição')).toBeDisabled();
    expect(input('Comarcas')).toBeDisabled();
    expect(button('Nova comarca')).toBeDisabled();
    expect(input('Fóruns')).toBeDisabled();
    expect(button('Novo fórum')).toBeDisabled();
    expect(screen.getByText('Escolha a circunscrição, a comarca e o fórum para ver os locais.')).toBeInTheDocument();

    await choose(user, 'Circunscrições', '1ª Circunscrição Judiciária');
    expect(button('Editar circunscrição')).toBeEnabled();
    expect(button('Nova comarca')).toBeEnabled();
    expect(button('Editar comarca')).toBeDisabled();
    expect(button('Novo fórum')).toBeDisabled();

    await choose(user, 'Comarcas', 'São Paulo');
    expect(button('Novo fórum')).toBeEnabled();
    expect(button('Editar fórum')).toBeDisabled();
    await choose(user, 'Fóruns', 'Fórum João Mendes Júnior');
    const row = (await screen.findByText('1ª Vara Cível')).closest('tr')!;
    expect(within(row).getByText('(11) 2171-6010 r. 200')).toBeInTheDocument();
    expect(button('Editar fórum')).toBeEnabled();

    // A new comarca resets the forum and hides the locals.
    await choose(user, 'Comarcas', 'Guarulhos');
    await waitFor(() => expect(input('Fóruns')).toHaveValue(''));
    expect(screen.queryByText('1ª Vara Cível')).not.toBeInTheDocument();
    expect(button('Editar fórum')).toBeDisabled();

    // A new circunscrição resets comarca and forum; its failed comarca list leaves no options.
    await choose(user, 'Circunscrições', '4ª Circunscrição Judiciária');
    await waitFor(() => expect(input('Comarcas')).toHaveValue(''));
    expect(input('Fóruns')).toHaveValue('');
    expect(input('Fóruns')).toBeDisabled();
    await waitFor(() => expect(api.callsTo(comarcaContracts.list, { cirId: 2 })).toHaveLength(1));
    await user.click(input('Comarcas'));
    expect(await screen.findByText('Nenhuma comarca')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'São Paulo' })).not.toBeInTheDocument();
  });

  it('adds a circunscrição without coordinators at once (no question) and selects it', async () => {
    const { user, api } = setup();
    await waitFor(() => expect(input('Circunscrições')).toBeEnabled());
    await user.click(button('Nova circunscrição'));
    const dialog = await screen.findByRole('dialog', { name: 'Circunscrição' });
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    expect(ok).toHaveAttribute('data-state', 'invalid');
    await user.type(within(dialog).getByLabelText(/^Nome/), '10ª Circunscrição Judiciária');
    await user.type(within(dialog).getByLabelText(/^Regional/), 'So');
    await user.tab();
    expect(within(dialog).getByText('Tamanho mínimo de 3 caracteres')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Regional/), 'rocaba');
    expect(ok).toHaveAttribute('data-state', 'changed');
    await user.click(ok);

    expect(await screen.findByText('Registro adicionado com sucesso')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Coordenador detectado' })).not.toBeInTheDocument();
    expect(api.callsTo(circunscricaoContracts.add)[0]!.body).toMatchObject({
      cirNome: '10ª Circunscrição Judiciária',
      cirRegional: 'Sorocaba',
      corTitular: null,
    });
    await waitFor(() => expect(input('Circunscrições')).toHaveValue('10ª Circunscrição Judiciária'));
    await waitFor(() => expect(api.callsTo(comarcaContracts.list, { cirId: 3 })).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Circunscrição' })).not.toBeInTheDocument();
  });

  it('asks "Coordenador detectado" before saving a comarca with a coordinator: Cancelar saves nothing, SIM saves', async () => {
    const { user, api } = setup();
    await choose(user, 'Circunscrições', '1ª Circunscrição Judiciária');
    await choose(user, 'Comarcas', 'São Paulo');
    await user.click(button('Editar comarca'));
    const dialog = await screen.findByRole('dialog', { name: 'Comarca' });
    expect(api.callsTo(comarcaContracts.get, { comId: 11 })).toHaveLength(1);
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    expect(ok).toHaveAttribute('data-state', 'unchanged');

    const titular = within(dialog).getByLabelText('Coordenador titular', { selector: 'input' });
    await user.click(titular);
    await user.type(titular, 'jose');
    // The text typed is searched on the server (debounced).
    await waitFor(() => expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v1/coordenadores?q=jose'));
    await user.click(await screen.findByRole('option', { name: 'José Antônio Coordenação' }));
    expect(ok).toHaveAttribute('data-state', 'changed');

    await user.click(ok);
    let question = await screen.findByRole('dialog', { name: 'Coordenador detectado' });
    expect(
      within(question).getByText('Foi informado um coordenador titular e/ou adjunto. Todos os locais serão alterados. Concorda?'),
    ).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Coordenador detectado' })).not.toBeInTheDocument());
    expect(api.callsTo(comarcaContracts.update, { comId: 11 })).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Comarca' })).toBeInTheDocument();

    await user.click(ok);
    question = await screen.findByRole('dialog', { name: 'Coordenador detectado' });
    await user.click(within(question).getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText('Registro atualizado com sucesso')).toBeInTheDocument();
    expect(api.callsTo(comarcaContracts.update, { comId: 11 })).toHaveLength(1);
    expect(api.callsTo(comarcaContracts.update, { comId: 11 })[0]!.body).toEqual({
      comId: 11,
      comNome: 'São Paulo',
      corTitular: 501,
      corAdjunto: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Comarca' })).not.toBeInTheDocument());
  });

  it('fills the forum address from the CEP and locks address and city; a city-wide CEP or a cleared one leaves them editable', async () => {
    const { user, api } = setup();
    await choose(user, 'Circunscrições', '1ª Circunscrição Judiciária');
    await choose(user, 'Comarcas', 'Guarulhos');
    await user.click(button('Novo fórum'));
    const dialog = await screen.findByRole('dialog', { name: 'Fórum' });
    const field = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
    await user.type(field(/^Nome(?! curto)/), 'Fórum de Guarulhos');
    await user.type(field(/^Nome curto/), 'Guarulhos');
    await user.type(field(/^Número/), '103');
    await user.type(field(/^CEP/), '01310100');
    await waitFor(() => expect(field(/^Endereço/).value).toBe('Avenida Paulista'));
    expect(field(/^Cidade/).value).toBe('São Paulo');
    expect(field(/^UF/).value).toBe('SP');
    expect(field(/^Número/).value).toBe('');
    expect(field(/^Endereço/)).toHaveAttribute('readonly');
    expect(field(/^Cidade/)).toHaveAttribute('readonly');

    await user.clear(field(/^CEP/));
    expect(field(/^Endereço/)).not.toHaveAttribute('readonly');
    await user.type(field(/^CEP/), '13560000');
    await waitFor(() => expect(field(/^Cidade/).value).toBe('São Carlos'));
    expect(field(/^Endereço/)).not.toHaveAttribute('readonly');
    expect(field(/^Cidade/)).not.toHaveAttribute('readonly');
    await user.type(field(/^Endereço/), 'Rua Episcopal');
    await user.type(field(/^DDD 1/), '16');
    await user.type(field(/^Telefone 1/), '33761000');
    expect(field(/^Telefone 1/).value).toBe('3376-1000');

    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Registro adicionado com sucesso')).toBeInTheDocument();
    expect(api.callsTo(forumContracts.add, { comId: 12 })[0]!.body).toMatchObject({
      forNome: 'Fórum de Guarulhos',
      forZipcode: '13560000',
      forAddress: 'Rua Episcopal',
      forCity: 'São Carlos',
      forState: 'SP',
      forPhoneDdd1: '16',
      apfPhone1: '33761000',
    });
  });
});
