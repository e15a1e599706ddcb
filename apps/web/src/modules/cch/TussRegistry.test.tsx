import { authContracts, cchMessages, menuContracts, tussRegistryContracts } from '@assoc/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, mockContract } from '../../test/api-mock';
import { runAxe, seriousViolations } from '../../test/axe';
import { sessionFor, staffRoles } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const row = { tussId: 1, tussCodigo: '40303039', tussTerminologia: 'Procedimento do registro', version: 1 };

function setup() {
  const api = mockApi([
    mockContract(authContracts.session, { body: sessionFor([...staffRoles, 'superadmin']) }),
    mockContract(menuContracts.tree, { body: [] }),
    mockContract(tussRegistryContracts.list, { body: [row] }),
    mockContract(tussRegistryContracts.add, ({ body }) => ({ body: { ...(body as typeof row), tussId: 2, version: 1 } })),
  ]);
  return { api, ...renderApp('/tuss') };
}

describe('/tuss (the CCH TUSS registry)', { timeout: 30_000 }, () => {
  it('lists the codes in the dotted form, refuses a wrong check digit or a code of the subset, adds a valid one; no serious axe violation', async () => {
    const { user, api, container } = setup();
    expect(await screen.findByText('4.03.03.03-9')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Códigos TUSS' })).toBeInTheDocument();
    expect(seriousViolations(await runAxe(container))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Código TUSS' });
    const code = within(dialog).getByLabelText(/Código/);
    await user.type(code, '40303021');
    await user.type(within(dialog).getByLabelText(/Terminologia/), 'Outro procedimento');
    expect(await within(dialog).findByText(cchMessages.tussInvalid)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '10101012');
    expect(await within(dialog).findByText(cchMessages.tussInSubset)).toBeInTheDocument();
    expect(seriousViolations(await runAxe(dialog))).toEqual([]);
    await user.clear(code);
    await user.type(code, '20101015');
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    await waitFor(() => expect(ok).toBeEnabled());
    await user.click(ok);
    expect(await screen.findByText('Registro adicionado com sucesso')).toBeInTheDocument();
    expect(api.callsTo(tussRegistryContracts.add)[0]!.body).toMatchObject({ tussCodigo: '20101015', tussTerminologia: 'Outro procedimento' });
  });
});
