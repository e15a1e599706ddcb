import { ageBandContracts, type AgeBandRow } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../test/api-mock';
import { runAxe, seriousViolations } from '../../test/axe';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { AgeBandScreen } from './AgeBandScreen';

const row = (extra: Partial<AgeBandRow> = {}): AgeBandRow => ({
  cslId: 11,
  cstId: 5,
  holderId: 5,
  titular: 'Sônia Souza',
  matricula: '3456780',
  nome: 'Sônia Souza',
  nascimento: '1967-07-10',
  idade: 59,
  aniversario: '10/07/2026',
  produto: 'Plano de saúde Unimed',
  servico: 'Titular 19 a 58 anos',
  valorAtual: 74_320,
  novoServico: 'Titular 59 anos ou mais',
  novoValor: 162_480,
  ...extra,
});

function setup(items: AgeBandRow[]) {
  const api = mockApi([
    mockContract(ageBandContracts.list, { body: { mes: '07/2026', items, total: items.length, page: 1, pageSize: 25 } }),
    mockContract(ageBandContracts.export, { body: new Blob(['x']) }),
  ]);
  const view = renderWithProviders(<AgeBandScreen />, { session: sessionFor(['v2access', 'v2atd']) });
  return { api, ...view };
}

describe("/mudancafaixa ('Mudança de faixa etária')", { timeout: 30_000 }, () => {
  it('lists who changes range next month with the current and the new value in R$, and exports the list', async () => {
    const { api, user } = setup([row(), row({ cslId: 12, nome: 'Kiko Souza', idade: 19, novoServico: null, novoValor: null })]);
    expect(await screen.findByText('Pessoas cuja faixa etária muda em 07/2026: o serviço e o valor atuais e os da nova faixa.')).toBeInTheDocument();
    const first = (await screen.findAllByText('Sônia Souza (345678-0)'))[0]!.closest('tr')!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '10/07/2026',
      'Sônia Souza',
      'Sônia Souza (345678-0)',
      '10/07/1967',
      '59',
      'Plano de saúde Unimed — Titular 19 a 58 anos',
      'R$ 743,20',
      'Titular 59 anos ou mais',
      'R$ 1.624,80',
    ]);
    const second = screen.getByText('Kiko Souza').closest('tr')!;
    expect(within(second).getByText('Sem faixa')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exportar Excel' }));
    await waitFor(() => expect(api.callsTo(ageBandContracts.export)).toHaveLength(1));
  });

  it('says when nobody changes, with the export disabled', async () => {
    setup([]);
    expect(await screen.findByText('Nenhuma mudança de faixa etária no próximo mês')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar Excel' })).toBeDisabled();
  });

  it('has no critical or serious axe violation (WCAG 2.1 A/AA)', async () => {
    setup([row()]);
    await screen.findAllByText('Sônia Souza (345678-0)');
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
  });
});
