import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { genericMessages as m, isoDateInAppZone, type NewCharge } from '@assoc/domain';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { NewChargeModal } from './NewChargeModal';

function setup() {
  const onAdd = vi.fn<(charge: NewCharge) => void>();
  const view = renderWithProviders(
    <NewChargeModal debt={30000} registeredPlace="Banco do Brasil" tomorrow={isoDateInAppZone()} onAdd={onAdd} onClose={() => {}} />,
    { modals: true },
  );
  return { onAdd, ...view, dialog: () => screen.getByRole('dialog', { name: 'Adicionar nova cobrança' }) };
}

describe('Adicionar nova cobrança: Dia Útil', { timeout: 30_000 }, () => {
  it('is an optional number next to Lançamentos: empty keeps today’s behaviour (null)', async () => {
    const { user, onAdd, dialog } = setup();
    const field = within(dialog()).getByLabelText('Dia Útil');
    expect(field).toHaveValue('');
    await user.click(within(dialog()).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]![0]).toMatchObject({ lancamentos: 1, diaUtil: null });
  });

  it('passes the day 1–31 with the instalments', async () => {
    const { user, onAdd, dialog } = setup();
    const lancamentos = within(dialog()).getByLabelText(/^Lançamentos/);
    await user.clear(lancamentos);
    await user.type(lancamentos, '3');
    await user.type(within(dialog()).getByLabelText('Dia Útil'), '31');
    await user.click(within(dialog()).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]![0]).toMatchObject({ lancamentos: 3, diaUtil: 31 });
  });

  it('refuses 0 and 32 with the range messages (Ok disabled)', async () => {
    const { user, onAdd, dialog } = setup();
    const field = within(dialog()).getByLabelText('Dia Útil');
    await user.type(field, '32');
    await user.tab();
    expect(await within(dialog()).findByText(m.numericMax)).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Ok' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '0');
    await user.tab();
    expect(await within(dialog()).findByText(m.numericMin)).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
  });
});

describe('Adicionar nova cobrança: Lançamentos (issue 22 item 21)', { timeout: 30_000 }, () => {
  it('13 says "Valor máximo inválido" and 0 "Valor mínimo inválido", kept as typed (never clamped to 12 or 1)', async () => {
    const { user, onAdd, dialog } = setup();
    const field = within(dialog()).getByLabelText(/^Lançamentos/);
    await user.clear(field);
    await user.type(field, '13');
    await user.tab();
    expect(field).toHaveValue('13');
    expect(await within(dialog()).findByText(m.numericMax)).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Ok' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '0');
    await user.tab();
    expect(field).toHaveValue('0');
    expect(await within(dialog()).findByText(m.numericMin)).toBeInTheDocument();
    await user.clear(field);
    await user.tab();
    expect(await within(dialog()).findByText(m.required)).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
  });
});
