import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyMember, type MemberInput, type PortalAccessItem, memberSettingsContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { MemberMode } from '../member-tab.types';
import { formValues, MemberTabHarness } from '../test/tab-harness';
import SettingsTab from './SettingsTab';

const account: PortalAccessItem = {
  userId: 7,
  active: true,
  permIdv2: 3,
  fnAllowExternal: false,
  profileName: 'Portal do associado',
  hasAuthenticator: false,
  operation: 'none',
};
const member = (row: PortalAccessItem | null): MemberInput => ({
  ...emptyMember(),
  cstId: 101,
  custName: 'Maria da Silva',
  ...(row ? { portalAcesso: [row] } : {}),
  version: 1,
});

function Harness({
  roles,
  row,
  mode = 'edit',
  diffs = new Set(),
}: {
  roles: string[];
  row: PortalAccessItem | null;
  mode?: MemberMode;
  diffs?: ReadonlySet<string>;
}) {
  return <MemberTabHarness tab={SettingsTab} member={member(row)} roles={roles} mode={mode} diffs={diffs} />;
}
const values = () => formValues<{ portalAcesso: PortalAccessItem[] }>();
const profiles = [mockContract(memberSettingsContracts.profiles, { body: [{ value: 3, label: 'Portal do associado' }] })];

describe('Configurações tab', () => {
  it('the tab role turns sign-in off (row marked update); profile and external access stay locked without access administration', async () => {
    mockApi(profiles);
    const { user } = renderWithProviders(<Harness roles={['v2tabconfiguracao']} row={account} />);
    expect(screen.getByLabelText('Perfil de permissão', { selector: 'input' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Acesso externo' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Acesso ao portal' }));
    expect(values().portalAcesso[0]).toMatchObject({ active: false, operation: 'update' });
    expect(screen.getByRole('button', { name: 'Enviar link de primeiro acesso' })).toBeDisabled();
  });

  it('an access administrator changes external access; the first-access link is sent (204) for a saved active account', async () => {
    const api = mockApi([...profiles, mockContract(memberSettingsContracts.firstAccess, { status: 204 }, { params: { cstId: 101 } })]);
    const { user } = renderWithProviders(<Harness roles={['v2tabconfiguracao', 'superadmin', 'v2access']} row={account} />, { notifications: true });
    await user.click(screen.getByRole('button', { name: 'Enviar link de primeiro acesso' }));
    await waitFor(() => expect(api.callsTo(memberSettingsContracts.firstAccess, { cstId: 101 })).toHaveLength(1));
    expect(await screen.findByText('Link de primeiro acesso enviado.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Acesso externo' }));
    expect(values().portalAcesso[0]).toMatchObject({ fnAllowExternal: true, operation: 'update' });
  });

  it('the opt-out of campaigns (Recusa campanhas) is a member field of the tab, also before the first save', async () => {
    mockApi(profiles);
    const { user, unmount } = renderWithProviders(<Harness roles={['v2tabconfiguracao']} row={account} />);
    expect(screen.getByRole('switch', { name: /Recusa campanhas/ })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: /Recusa campanhas/ }));
    expect(formValues<{ custRecusaCampanhas: boolean }>().custRecusaCampanhas).toBe(true);
    unmount();
    renderWithProviders(<Harness roles={['v2tabconfiguracao']} row={null} mode="insert" />);
    expect(screen.getByRole('switch', { name: /Recusa campanhas/ })).toBeEnabled();
  });

  it('a new member says to save first; hidden without the tab role', () => {
    mockApi(profiles);
    const { unmount } = renderWithProviders(<Harness roles={['v2tabconfiguracao']} row={null} mode="insert" />);
    expect(screen.getByText('Salve o associado para configurar o acesso ao portal.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<Harness roles={[]} row={account} />);
    expect(screen.queryByRole('switch', { name: 'Acesso ao portal' })).not.toBeInTheDocument();
  });

  it('audit mode: read-only, the changed access marked (by its field path), the unchanged ones not', () => {
    mockApi(profiles);
    renderWithProviders(
      <Harness
        roles={['v2tabconfiguracao']}
        row={account}
        mode="audit"
        diffs={new Set(['portalAcesso', 'portalAcesso.0', 'portalAcesso.0.active'])}
      />,
    );
    expect(screen.getByRole('switch', { name: 'Acesso ao portal' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Acesso ao portal' }).closest('[data-changed="true"]')).not.toBeNull();
    expect(screen.getByRole('switch', { name: 'Acesso externo' }).closest('[data-changed="true"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar link de primeiro acesso' })).not.toBeInTheDocument();
  });
});
