import { mobileCallsContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MobileCallsReply } from '@assoc/domain';
import { mockApi, mockContract } from '../../test/api-mock';
import { renderWithProviders } from '../../test/renderWithProviders';
import { MobileStatement } from './MobileStatement';

const periodos = [
  { ano: 2026, mes: 10, label: '10/2026' },
  { ano: 2026, mes: 9, label: '09/2026' },
];
const october: MobileCallsReply = {
  ano: 2026,
  mes: 10,
  periodos,
  chamadas: [
    {
      mcId: 1,
      data: '2026-10-03T12:30:15Z',
      numero: '11912345678',
      tipo: 'Ligação DDD',
      responsavel: 'Maria da Silva',
      destino: '21988887777',
      qtde: 12,
      valor: 345,
    },
    {
      mcId: 2,
      data: '2026-10-04T15:00:00Z',
      numero: '11912345678',
      tipo: 'SMS',
      responsavel: 'João da Silva',
      destino: '11977776666',
      qtde: 1,
      valor: 25,
    },
  ],
  total: 370,
};
const september: MobileCallsReply = { ...october, mes: 9, chamadas: [{ ...october.chamadas[0]!, mcId: 3, valor: 1000 }], total: 1000 };

describe('MobileStatement', () => {
  it('shows the newest month with its calls and the total of Valor in the footer; another month on choice', async () => {
    const api = mockApi([
      mockContract(mobileCallsContracts.statement, { body: october }, { params: { cstId: 101, ano: 0, mes: 0 } }),
      mockContract(mobileCallsContracts.statement, { body: september }, { params: { cstId: 101, ano: 2026, mes: 9 } }),
    ]);
    const { user } = renderWithProviders(<MobileStatement cstId={101} />);
    const table = await screen.findByRole('table', { name: 'Extrato do celular' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('DataNúmeroTipoResponsávelDestinoQtde.Valor');
    expect(rows[1]).toHaveTextContent('03/10/2026 09:30:15');
    expect(rows[1]).toHaveTextContent('Ligação DDD');
    expect(rows[1]).toHaveTextContent('Maria da Silva');
    expect(rows[1]).toHaveTextContent('R$ 3,45');
    expect(table.querySelector('tfoot')).toHaveTextContent('TotalR$ 3,70');
    await user.click(screen.getByLabelText('Mês', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '09/2026' }));
    await waitFor(() => expect(api.callsTo(mobileCallsContracts.statement, { cstId: 101, ano: 2026, mes: 9 })).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Extrato do celular' }).querySelector('tfoot')).toHaveTextContent('TotalR$ 10,00'));
  });

  it('shows nothing for a member without call records', async () => {
    const api = mockApi([
      mockContract(
        mobileCallsContracts.statement,
        { body: { ano: 0, mes: 0, periodos: [], chamadas: [], total: 0 } },
        { params: { cstId: 101, ano: 0, mes: 0 } },
      ),
    ]);
    renderWithProviders(<MobileStatement cstId={101} />);
    await waitFor(() => expect(api.callsTo(mobileCallsContracts.statement, { cstId: 101, ano: 0, mes: 0 })).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
