import { authContracts, menuContracts, terceiroContracts, cepContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { sessionFor, terceiro } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sessionMarks } from '../../ui/crud/sessionMarks';

afterEach(() => sessionMarks.clear());

const CNPJ = '11222333000181';
const paulista = { logradouro: 'Avenida Paulista', tipoLogradouro: 'Avenida', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP' };

function setup(routes: MockRoute[] = []) {
  const api = mockApi([
    mockContract(authContracts.session, { body: sessionFor(['v2menuprocesso', 'v2menucad', 'v2menucadterceiro']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(terceiroContracts.list, { body: [] }),
    mockContract(
      terceiroContracts.checkDocument,
      { body: { valid: true, message: 'CPF/CNPJ válido' } },
      { params: { terId: 0, terTipo: 1, document: CNPJ } },
    ),
    mockContract(cepContracts.lookup, { body: paulista }, { params: { cep: '01310100' } }),
    mockContract(
      cepContracts.lookup,
      { body: { logradouro: 'São Carlos', tipoLogradouro: '', bairro: '', cidade: 'São Carlos', uf: 'SP' } },
      { params: { cep: 13560000 } },
    ),
    mockContract(cepContracts.lookup, { status: 404, body: { message: 'CEP não encontrado' } }, { params: { cep: 99999999 } }),
    mockContract(cepContracts.lookup, { status: 503, body: { message: 'Serviço de CEP indisponível' } }, { params: { cep: '04538133' } }),
    mockContract(terceiroContracts.add, { body: terceiro({ terId: 5 }) }),
    ...routes,
  ]);
  return { api, ...renderApp('/terceiros') };
}

async function openNew(user: ReturnType<typeof setup>['user']) {
  await screen.findByRole('heading', { name: 'Terceiros' });
  await user.click(screen.getByRole('button', { name: 'Novo' }));
  return screen.findByRole('dialog', { name: 'Terceiro' });
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;

describe('third-party form', () => {
  it('fills the address from an 8-digit CEP, locks it and focuses the number; the clear action unlocks', async () => {
    const { user } = setup();
    const dialog = await openNew(user);
    await user.type(field(dialog, /^CEP/), '01310100');
    expect(field(dialog, /^CEP/).value).toBe('01310-100');
    await waitFor(() => expect(field(dialog, /^Logradouro/).value).toBe('Avenida Paulista'));
    expect(field(dialog, /^Bairro/).value).toBe('Bela Vista');
    expect(field(dialog, /^Cidade/).value).toBe('São Paulo');
    expect(field(dialog, /^UF/).value).toBe('SP');
    for (const label of [/^Logradouro/, /^Bairro/, /^Cidade/, /^UF/]) expect(field(dialog, label)).toHaveAttribute('readonly');
    await waitFor(() => expect(field(dialog, /^Número/)).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Limpar endereço' }));
    expect(field(dialog, /^CEP/).value).toBe('');
    expect(field(dialog, /^Logradouro/).value).toBe('');
    expect(field(dialog, /^Logradouro/)).not.toHaveAttribute('readonly');
    expect(field(dialog, /^Cidade/)).not.toHaveAttribute('readonly');
  });

  it('keeps the street editable on a city-wide CEP', async () => {
    const { user } = setup();
    const dialog = await openNew(user);
    await user.type(field(dialog, /^CEP/), '13560000');
    await waitFor(() => expect(field(dialog, /^Cidade/).value).toBe('São Carlos'));
    expect(field(dialog, /^Cidade/)).toHaveAttribute('readonly');
    expect(field(dialog, /^Logradouro/)).not.toHaveAttribute('readonly');
  });

  it.each([
    ['99999999', 'unknown'],
    ['04538133', 'upstream unreachable'],
  ])('clears the address when the lookup of %s fails (%s)', async (cep) => {
    const { user } = setup();
    const dialog = await openNew(user);
    await user.type(field(dialog, /^CEP/), '01310100');
    await waitFor(() => expect(field(dialog, /^Cidade/).value).toBe('São Paulo'));
    await user.clear(field(dialog, /^CEP/));
    await user.type(field(dialog, /^CEP/), cep);
    await waitFor(() => expect(field(dialog, /^Cidade/).value).toBe(''));
    expect(field(dialog, /^Logradouro/).value).toBe('');
    expect(field(dialog, /^Cidade/)).not.toHaveAttribute('readonly');
  });

  it('clears the address when the CEP is left with fewer than 8 digits', async () => {
    const { user } = setup();
    const dialog = await openNew(user);
    await user.type(field(dialog, /^CEP/), '01310100');
    await waitFor(() => expect(field(dialog, /^Cidade/).value).toBe('São Paulo'));
    await user.type(field(dialog, /^CEP/), '{Backspace}');
    await user.tab();
    expect(field(dialog, /^Cidade/).value).toBe('');
  });

  it('validates the document for the type, shows the server check message and keeps Ok red', async () => {
    const { user } = setup([
      mockContract(
        terceiroContracts.checkDocument,
        { body: { valid: false, message: 'CPF/CNPJ já cadastrado para outro terceiro' } },
        { params: { terId: 0, terTipo: 1, document: CNPJ } },
      ),
    ]);
    const dialog = await openNew(user);
    await user.type(field(dialog, /^Nome/), 'Clínica Boa Saúde');
    await user.type(field(dialog, /^CPF/), CNPJ);
    await user.tab();
    // Beside the type field the spec has one message for both types (spec 3 §8).
    expect(within(dialog).getByText('CPF/CNPJ Inválido')).toBeInTheDocument();

    await user.click(within(dialog).getByText('Pessoa jurídica (CNPJ)'));
    expect(within(dialog).queryByText('CPF/CNPJ Inválido')).not.toBeInTheDocument();
    await user.click(field(dialog, /^CNPJ/));
    await user.tab();
    expect(await within(dialog).findByText('CPF/CNPJ já cadastrado para outro terceiro')).toBeInTheDocument();
    expect(field(dialog, /^CNPJ/).value).toBe('11.222.333/0001-81');
    expect(screen.getByRole('button', { name: 'Ok' })).toHaveAttribute('data-state', 'invalid');
  });

  it('takes phones as digits and shows them formatted; saves a valid company', async () => {
    const { user, api } = setup();
    const dialog = await openNew(user);
    await user.click(within(dialog).getByText('Pessoa jurídica (CNPJ)'));
    await user.type(field(dialog, /^CNPJ/), CNPJ);
    await user.tab();
    await user.type(field(dialog, /^Nome/), 'Clínica Boa Saúde');
    await user.type(field(dialog, /^Telefone 1/), '11a987654321');
    expect(field(dialog, /^Telefone 1/).value).toBe('(11) 98765-4321');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ok' })).toHaveAttribute('data-state', 'changed'));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(api.callsTo(terceiroContracts.add)).toHaveLength(1));
    expect(api.callsTo(terceiroContracts.add)[0]!.body).toMatchObject({ terTipo: 1, terCPFCNPJ: CNPJ, terTelefone1: '11987654321' });
  });
});
