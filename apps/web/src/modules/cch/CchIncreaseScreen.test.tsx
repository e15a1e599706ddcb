import { cchContracts, cchMessages, type CchCurrentValues } from '@assoc/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../test/api-mock';
import { runAxe, seriousViolations } from '../../test/axe';
import { sessionFor } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CchIncreaseScreen } from './CchIncreaseScreen';
import { yearlyValues } from './test/fixtures';

const current: CchCurrentValues = { ...yearlyValues, dataBase: '2025-03-01' };
const raised = { ...current, beneficio1: 150000, dataBase: '2026-03-01' };

function setup(reply: { status?: number; body: unknown } = { body: { message: cchMessages.increaseSuccess, current: raised } }) {
  let values = current;
  const api = mockApi([
    mockContract(cchContracts.currentValues, () => ({ body: values })),
    mockContract(cchContracts.increase, () => {
      if (!reply.status) values = raised;
      return reply as never;
    }),
  ]);
  return { api, ...renderWithProviders(<CchIncreaseScreen />, { session: sessionFor(['v2cchaumento']), notifications: true }) };
}

const field = (label: string, side: 'Valores Atuais' | 'Valores Novos') => screen.getByRole('textbox', { name: `${label} - ${side}` });
const submit = () => screen.getByRole('button', { name: 'AUMENTAR' });

describe('/cchaumento', { timeout: 30_000 }, () => {
  it('shows current (read-only) and new values; AUMENTAR waits for a change, the base date and AUMENTO; success text and reload', async () => {
    const { user, api } = setup();
    expect(await screen.findByRole('textbox', { name: 'Benefício 1 - Valores Atuais' })).toHaveValue('R$ 1.000,00');
    expect(field('Benefício 1', 'Valores Atuais')).toHaveAttribute('readonly');
    expect(field('Acopuntura', 'Valores Novos')).toHaveValue('R$ 400,00');
    expect(submit()).toBeDisabled();
    expect(screen.getByText(cchMessages.increaseUnchanged)).toBeInTheDocument();

    const next = field('Benefício 1', 'Valores Novos');
    await user.clear(next);
    await user.type(next, '900');
    await user.tab();
    expect(await screen.findByText(cchMessages.increaseBelowPrevious)).toBeInTheDocument();
    await user.clear(next);
    await user.type(next, '1500');

    await user.type(screen.getByRole('textbox', { name: /^Data base do aumento/ }), '01/03/2026');
    const confirm = screen.getByRole('textbox', { name: /^Confirmação/ });
    await user.type(confirm, 'aumento');
    await user.tab();
    expect(await screen.findByText(cchMessages.increaseConfirm)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(confirm);
    await user.type(confirm, 'AUMENTO');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByText(cchMessages.increaseSuccess)).toBeInTheDocument();
    const body = api.callsTo(cchContracts.increase)[0]!.body;
    expect(body).toMatchObject({ beneficio1: 150000, anteriores: { beneficio1: 100000 }, dataBase: '2026-03-01', confirm: 'AUMENTO' });
    // The form starts over from the new current values.
    await waitFor(() => expect(field('Benefício 1', 'Valores Atuais')).toHaveValue('R$ 1.500,00'));
    expect(screen.getByRole('textbox', { name: /^Confirmação/ })).toHaveValue('');
  });

  it("a refused increase without a server message shows the spec's failure text", async () => {
    const { user } = setup({ status: 500, body: {} });
    const next = await screen.findByRole('textbox', { name: 'Benefício 2 - Valores Novos' });
    await user.clear(next);
    await user.type(next, '2500');
    await user.type(screen.getByRole('textbox', { name: /^Data base do aumento/ }), '01/03/2026');
    await user.type(screen.getByRole('textbox', { name: /^Confirmação/ }), 'AUMENTO');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByText(cchMessages.increaseFailed)).toBeInTheDocument();
  });

  it('has no critical or serious axe violation (WCAG 2.1 A/AA)', async () => {
    setup();
    await screen.findByRole('textbox', { name: 'Benefício 1 - Valores Atuais' });
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
  });
});
