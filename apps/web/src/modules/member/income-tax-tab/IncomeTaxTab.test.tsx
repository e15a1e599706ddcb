import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emptyMember, incomeTaxMessages, type MemberInput, incomeTaxContracts } from '@assoc/domain';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { MemberTabHarness } from '../test/tab-harness';
import IncomeTaxTab from './IncomeTaxTab';

const YEARS = [
  { value: 2025, label: '2025' },
  { value: 2024, label: '2024' },
];

function setup({ roles = ['v2tabir', 'v2iremail'], situation = 1, byEmail = true, routes = [] as MockRoute[] } = {}) {
  const createObjectURL = vi.fn((blob: Blob) => `blob:ir-${blob.size}`);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const api = mockApi([
    mockContract(incomeTaxContracts.pdf, { body: 'pdf-2025' }, { params: { cstId: 101, period: 2025 } }),
    mockContract(incomeTaxContracts.pdf, { body: 'pdf-24' }, { params: { cstId: 101, period: 2024 } }),
    ...routes,
  ]);
  const member = { ...emptyMember(), cstId: 101, custAssocSituacao: situation, custIRPorEmail: byEmail, irDatas: YEARS, version: 1 } as MemberInput;
  const view = renderWithProviders(<MemberTabHarness tab={IncomeTaxTab} member={member} roles={roles} />, { notifications: true });
  return { api, ...view };
}

describe('I.R. tab', { timeout: 30_000 }, () => {
  it('opens on the newest base year with its PDF embedded; another year on choice', async () => {
    const { api, user } = setup();
    expect(await screen.findByTitle('Informe de rendimentos 2025')).toBeInTheDocument();
    expect(api.callsTo(incomeTaxContracts.pdf, { cstId: 101, period: 2025 })).toHaveLength(1);
    await user.click(screen.getByLabelText('Ano-base', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: '2024' }));
    expect(await screen.findByTitle('Informe de rendimentos 2024')).toBeInTheDocument();
    expect(api.callsTo(incomeTaxContracts.pdf, { cstId: 101, period: 2024 })).toHaveLength(1);
  });

  it('E-Mail sends the statement and shows "IR enviado com sucesso!"', async () => {
    const { api, user } = setup({
      routes: [mockContract(incomeTaxContracts.email, { body: { message: incomeTaxMessages.sent } }, { params: { cstId: 101, ano: 2025 } })],
    });
    await user.click(await screen.findByRole('button', { name: 'E-Mail' }));
    expect(await screen.findByText('IR enviado com sucesso!')).toBeInTheDocument();
    expect(api.callsTo(incomeTaxContracts.email, { cstId: 101, ano: 2025 })).toHaveLength(1);
  });

  it('E-Mail is disabled for situation 5 or without custIRPorEmail, and hidden without v2iremail', async () => {
    setup({ situation: 5 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'E-Mail' })).toBeDisabled());
  });

  it('E-Mail is disabled without custIRPorEmail', async () => {
    setup({ byEmail: false });
    await waitFor(() => expect(screen.getByRole('button', { name: 'E-Mail' })).toBeDisabled());
  });

  it('no E-Mail button without v2iremail', async () => {
    setup({ roles: ['v2tabir'] });
    await screen.findByTitle('Informe de rendimentos 2025');
    expect(screen.queryByRole('button', { name: 'E-Mail' })).not.toBeInTheDocument();
  });
});
