import { postingContracts, postingMessages, searchContracts, type PostableService } from '@assoc/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract, type ContractReply, type MockRoute } from '../../test/api-mock';
import { person, sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PostingScreen } from './PostingScreen';

const service = (values: Partial<PostableService>): PostableService => ({
  id: 1,
  label: 'Convênio Farmácia',
  serviceType: 1,
  plugin: null,
  parcelasMax: 3,
  onlyTitular: false,
  ...values,
});
const services = [
  service({ id: 1 }),
  service({ id: 2, label: 'Telefonia Celular', serviceType: 3, plugin: 'lanccelular', parcelasMax: 1 }),
  service({ id: 3, label: 'Remessa Academia', serviceType: 2, plugin: 'lancbar', parcelasMax: 6 }),
  service({ id: 4, label: 'Seguro de Vida', serviceType: 0, onlyTitular: true }),
];
const holder = person({ cstId: 101, custName: 'Maria da Silva' });
const dependent = person({ cstId: 202, parentId: 101, custName: 'João Pereira', titular: 'Maria da Silva' });
const started = { message: postingMessages.started, jobId: '0b9f3c9e-1f7e-4a53-8f1d-2a3b4c5d6e7f', postingId: 5, created: true };

function setup(routes: MockRoute[] = []) {
  const api = mockApi([
    mockContract(postingContracts.services, { body: services }),
    mockContract(searchContracts.search, { body: [holder, dependent] }),
    mockContract(postingContracts.post, { body: started }),
    ...routes,
  ]);
  return {
    api,
    ...renderWithProviders(<PostingScreen />, { session: sessionFor(['v2access', 'v2menulancamentos']), notifications: true, modals: true }),
  };
}

async function openService(user: ReturnType<typeof setup>['user'], label: string) {
  const lancar = screen.getByRole('button', { name: 'LANÇAR' });
  expect(lancar).toBeDisabled();
  await user.click(await screen.findByRole('combobox', { name: 'Serviço' }));
  await user.click(await screen.findByRole('option', { name: new RegExp(label) }));
  await user.click(lancar);
  expect(await screen.findByRole('heading', { name: label })).toBeInTheDocument();
}

async function pickMember(user: ReturnType<typeof setup>['user'], n: number, name: string) {
  await user.type(screen.getByRole('textbox', { name: `Associado da linha ${n}` }), 'sil');
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }, { timeout: 3_000 }));
}

const pickFile = (file: File) => fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [file] } });

describe('/lancamentos', { timeout: 30_000 }, () => {
  it('lists the services with their type icons and opens the chosen one with its maximum instalments', async () => {
    const { user } = setup();
    // The spec's dropdown placeholder (spec 1 §5 'Other': formats), once the services have arrived.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Serviço' })).toHaveAttribute('placeholder', 'Selecione...'));
    await user.click(await screen.findByRole('combobox', { name: 'Serviço' }));
    const option = await screen.findByRole('option', { name: /Telefonia Celular/ });
    expect(within(option).getByRole('img', { name: 'Serviço' })).toBeInTheDocument();
    expect(within(screen.getByRole('option', { name: /Remessa Academia/ })).getByRole('img', { name: 'Remessa' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await openService(user, 'Convênio Farmácia');
    expect(screen.getByText(/Máximo de parcelas: 3/)).toBeInTheDocument();
  });

  it('keeps value and instalments off until a member is set, adds rows only from a complete last row, and shows per instalment and total', async () => {
    const { user } = setup();
    await openService(user, 'Convênio Farmácia');
    const add = screen.getByRole('button', { name: 'Adicionar linha' });
    const post = screen.getByRole('button', { name: 'LANÇAR' });
    expect(screen.getByRole('textbox', { name: 'Valor da linha 1' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Parcelas da linha 1' })).toBeDisabled();
    expect(add).toBeDisabled();
    expect(post).toBeDisabled();

    await pickMember(user, 1, 'João Pereira');
    expect(screen.getByRole('textbox', { name: 'Associado da linha 1' })).toHaveValue('João Pereira');
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Valor da linha 1' }), '100');
    const instalments = screen.getByRole('textbox', { name: 'Parcelas da linha 1' });
    await user.clear(instalments);
    await user.type(instalments, '3');
    expect(screen.getByLabelText('Valor da parcela da linha 1')).toHaveTextContent('R$ 33,34');
    expect(screen.getByText('Total: R$ 100,00')).toBeInTheDocument();
    expect(post).toBeEnabled();

    await user.click(add);
    expect(screen.getByRole('textbox', { name: 'Associado da linha 2' })).toHaveFocus();
    expect(add).toBeDisabled();
    expect(post).toBeDisabled();
    await pickMember(user, 2, 'Maria da Silva');
    await user.type(screen.getByRole('textbox', { name: 'Valor da linha 2' }), '-150');
    expect(screen.getByText('Total: R$ -50,00')).toBeInTheDocument();
    // A negative total is refused: LANÇAR stays off.
    expect(post).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Valor da linha 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Valor da linha 2' }), '-40');
    expect(post).toBeEnabled();

    await user.click(add);
    await user.click(screen.getByRole('button', { name: 'Excluir linha 3' }));
    expect(screen.queryByRole('textbox', { name: 'Associado da linha 3' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Associado da linha 2' })).toHaveFocus();
  });

  it('clears the only row instead of deleting it', async () => {
    const { user } = setup();
    await openService(user, 'Convênio Farmácia');
    await pickMember(user, 1, 'Maria da Silva');
    await user.click(screen.getByRole('button', { name: 'Excluir linha 1' }));
    expect(screen.getByRole('textbox', { name: 'Associado da linha 1' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Associado da linha 1' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Valor da linha 1' })).toBeDisabled();
  });

  it('offers only holders for a holder-only service', async () => {
    const { user } = setup();
    await openService(user, 'Seguro de Vida');
    await user.type(screen.getByRole('textbox', { name: 'Associado da linha 1' }), 'sil');
    expect(await screen.findByRole('option', { name: /Maria da Silva/ }, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /João Pereira/ })).not.toBeInTheDocument();
  });

  it('confirms, posts the rows once with the batch key, says so and goes back to the service choice', async () => {
    const { user, api } = setup();
    await openService(user, 'Convênio Farmácia');
    await pickMember(user, 1, 'Maria da Silva');
    await user.type(screen.getByRole('textbox', { name: 'Valor da linha 1' }), '1234,56');
    await user.click(screen.getByRole('button', { name: 'LANÇAR' }));
    const dialog = await screen.findByRole('dialog', { name: postingMessages.confirmTitle });
    expect(dialog).toHaveTextContent(postingMessages.confirmWarning);
    await user.click(within(dialog).getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(postingMessages.started)).toBeInTheDocument();
    const calls = api.callsTo(postingContracts.post);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      svcId: 1,
      lancamentos: [{ index: 0, cstId: 101, label: 'Maria da Silva', parcelas: 1, value: 123_456, phone: null }],
      lancamentoKey: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/),
    });
    expect(await screen.findByRole('combobox', { name: 'Serviço' })).toHaveValue('');
  });

  it('shows the spec failure text when the posting fails', async () => {
    const { user } = setup([mockContract(postingContracts.post, { status: 500, body: { message: 'boom' } })]);
    await openService(user, 'Convênio Farmácia');
    await pickMember(user, 1, 'Maria da Silva');
    await user.type(screen.getByRole('textbox', { name: 'Valor da linha 1' }), '10');
    await user.click(screen.getByRole('button', { name: 'LANÇAR' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'SIM' }));
    expect(await screen.findByText(postingMessages.failed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Convênio Farmácia' })).toBeInTheDocument();
  });

  describe('phone mode (lanccelular)', () => {
    const phoneSetup = (reply: ContractReply<typeof postingContracts.searchPhones>) => setup([mockContract(postingContracts.searchPhones, reply)]);

    it.each([
      ['no member', { body: [] }, postingMessages.phoneNotFound],
      [
        'several members',
        {
          body: [
            { cstId: 1, custName: 'A' },
            { cstId: 2, custName: 'B' },
          ],
        },
        postingMessages.phoneSeveral,
      ],
      ['a failed lookup', { status: 500, body: { message: 'erro' } }, postingMessages.phoneLookupFailed],
    ] as const)('says so for %s', async (_, reply, message) => {
      const { user, api } = phoneSetup(reply as ContractReply<typeof postingContracts.searchPhones>);
      await openService(user, 'Telefonia Celular');
      await user.type(screen.getByRole('textbox', { name: 'Telefone da linha 1' }), '11987654321');
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(api.callsTo(postingContracts.searchPhones)[0]!.body).toEqual({ text: '11987654321' });
      expect(screen.getByRole('textbox', { name: 'Valor da linha 1' })).toBeDisabled();
    });

    it('sets the member of a number that resolves to one, and posts the phone with the row', async () => {
      const { user, api } = phoneSetup({ body: [{ cstId: 101, custName: 'Maria da Silva' }] });
      await openService(user, 'Telefonia Celular');
      const phone = screen.getByRole('textbox', { name: 'Telefone da linha 1' });
      await user.type(phone, '11987654321');
      expect(phone).toHaveValue('(11) 98765-4321');
      expect(await screen.findByLabelText('Associado da linha 1')).toHaveTextContent('Maria da Silva');
      await user.type(screen.getByRole('textbox', { name: 'Valor da linha 1' }), '89,90');
      await user.click(screen.getByRole('button', { name: 'LANÇAR' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'SIM' }));
      expect(await screen.findByText(postingMessages.started)).toBeInTheDocument();
      expect(api.callsTo(postingContracts.post)[0]!.body).toMatchObject({
        svcId: 2,
        lancamentos: [{ index: 0, cstId: 101, value: 8_990, parcelas: 1, phone: '11987654321' }],
      });
    });

    it('clears a partial number on leaving the field with "Número inválido"', async () => {
      const { user, api } = phoneSetup({ body: [] });
      await openService(user, 'Telefonia Celular');
      const phone = screen.getByRole('textbox', { name: 'Telefone da linha 1' });
      await user.type(phone, '1198765');
      await user.tab();
      expect(await screen.findByText(postingMessages.phoneInvalid)).toBeInTheDocument();
      expect(phone).toHaveValue('');
      expect(api.callsTo(postingContracts.searchPhones)).toHaveLength(0);
    });
  });

  describe('file mode (lancbar)', () => {
    it('refuses an XLS file at once and needs a file for LANÇAR', async () => {
      const { user } = setup();
      await openService(user, 'Remessa Academia');
      const post = screen.getByRole('button', { name: 'LANÇAR' });
      expect(post).toBeDisabled();
      // The browser's file dialog may still offer every file: the screen refuses XLS itself.
      pickFile(new File(['x'], 'lancamentos.xls', { type: 'application/vnd.ms-excel' }));
      expect(await screen.findByText(postingMessages.xlsRefused)).toBeInTheDocument();
      expect(post).toBeDisabled();
    });

    it('sends the file with the service and shows a refusal naming the bad lines in full', async () => {
      const errorMessage = postingMessages.fileRejected(
        [postingMessages.line(3, postingMessages.lineUnknown), postingMessages.line(7, postingMessages.lineValue)],
        0,
      );
      const { user, api } = setup([mockContract(postingContracts.postFile, { status: 400, body: { message: errorMessage, errorMessage } })]);
      await openService(user, 'Remessa Academia');
      pickFile(new File(['11144477735;10,00\n'], 'lancamentos.csv', { type: 'text/csv' }));
      const post = screen.getByRole('button', { name: 'LANÇAR' });
      await waitFor(() => expect(post).toBeEnabled());
      await user.click(post);
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'SIM' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(errorMessage);
      expect(api.callsTo(postingContracts.postFile)).toHaveLength(1);
    });
  });
});
