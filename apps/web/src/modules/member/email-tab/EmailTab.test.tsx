import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dataMessages, emptyMember, memberSchema, memberMailContracts, type MemberMailItem } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { useAppForm } from '../../ui/form';
import type { MemberForm } from '../member-tab.types';
import EmailTab from './EmailTab';

const mails: MemberMailItem[] = [
  {
    id: 2,
    to: 'maria@example.com',
    subject: 'Primeiro acesso',
    status: 'sent',
    sensitive: true,
    createdAt: '2026-11-20T13:00:00.000Z',
    sentAt: null,
    lastError: null,
  },
  {
    id: 1,
    to: 'maria@example.com',
    subject: 'Extrato',
    status: 'pending',
    sensitive: false,
    createdAt: '2026-11-19T13:00:00.000Z',
    sentAt: null,
    lastError: null,
  },
];

function Harness() {
  const form = useAppForm(memberSchema, { ...emptyMember(), cstId: 101, version: 1 }) as unknown as MemberForm;
  return (
    <EmailTab
      form={form}
      mode="edit"
      cstId={101}
      dependentInView={null}
      canView={() => true}
      canEdit={() => true}
      readOnly={false}
      diffs={new Set()}
    />
  );
}

describe('E-Mail tab', () => {
  it('lists the messages; opens one; resends a copy (not a security e-mail)', async () => {
    const api = mockApi([
      mockContract(memberMailContracts.list, { body: mails }, { params: { cstId: 101 } }),
      mockContract(memberMailContracts.get, { body: { ...mails[0]!, text: dataMessages.protectedContent } }, { params: { cstId: 101, id: 2 } }),
      mockContract(memberMailContracts.resend, { body: { id: 3, message: 'E-mail colocado na fila de envio.' } }, { params: { cstId: 101, id: 1 } }),
    ]);
    const { user } = renderWithProviders(<Harness />, { notifications: true });
    const table = await screen.findByRole('table', { name: 'E-mails do associado' });
    expect(within(table).getByText('Extrato')).toBeInTheDocument();
    expect(within(table).getByText('Pendente')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar: Primeiro acesso' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abrir: Primeiro acesso' }));
    expect(await screen.findByTestId('mail-text')).toHaveTextContent(dataMessages.protectedContent);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Reenviar: Extrato' }));
    await waitFor(() => expect(api.callsTo(memberMailContracts.resend, { cstId: 101, id: 1 })).toHaveLength(1));
    expect(await screen.findByText('E-mail colocado na fila de envio.')).toBeInTheDocument();
  });

  it('"Novo e-mail" sends the chosen template; a refusal shows in the modal', async () => {
    const api = mockApi([
      mockContract(memberMailContracts.list, { body: [] }, { params: { cstId: 101 } }),
      mockContract(memberMailContracts.templates, {
        body: [
          { emID: 5, emName: 'BOAS VINDAS', emDescription: 'Bem-vindo', emData: 'Olá, {nome}!' },
          { emID: 6, emName: 'COM LINK', emDescription: 'Senha', emData: 'Link {link}' },
        ],
      }),
      mockContract(
        memberMailContracts.compose,
        (request) =>
          (request.body as { emID: number }).emID === 6
            ? { status: 400, body: { message: 'O modelo usa campos que não podem ser preenchidos: {link}.' } }
            : { body: { id: 9, message: 'E-mail colocado na fila de envio.' } },
        { params: { cstId: 101 } },
      ),
    ]);
    const { user } = renderWithProviders(<Harness />, { notifications: true });
    expect(await screen.findByText('Nenhum e-mail enviado a este associado.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo e-mail' });
    await user.click(within(dialog).getByLabelText('Modelo', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'COM LINK – Senha' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('O modelo usa campos que não podem ser preenchidos: {link}.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Modelo', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'BOAS VINDAS – Bem-vindo' }));
    expect(within(dialog).getByTestId('template-text')).toHaveTextContent('Olá, {nome}!');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.callsTo(memberMailContracts.compose, { cstId: 101 }).map((c) => c.body)).toEqual([{ emID: 6 }, { emID: 5 }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo e-mail' })).not.toBeInTheDocument());
  });
});
