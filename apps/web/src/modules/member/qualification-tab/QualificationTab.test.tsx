import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyMember, type MemberInput, memberContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { dataCache } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { MemberMode } from '../member-tab.types';
import { formValues, MemberTabHarness } from '../test/tab-harness';
import QualificationTab from './QualificationTab';

const member = (): MemberInput => ({
  ...emptyMember(),
  cstId: 101,
  custName: 'Maria da Silva',
  custTreatment: 'Dra.',
  custRg: '12.345.678-9',
  custFiliacaoMae: 'Ana da Silva',
  version: 1,
});

function Harness({ roles, mode = 'edit', diffs = new Set() }: { roles: string[]; mode?: MemberMode; diffs?: ReadonlySet<string> }) {
  return <MemberTabHarness tab={QualificationTab} member={member()} roles={roles} mode={mode} diffs={diffs} />;
}
const values = () => formValues();

describe('Qualificação tab', () => {
  it('shows and edits the qualification fields with v2tabqualificacao', async () => {
    mockApi([mockContract(memberContracts.dataCache, { body: dataCache({ treatments: ['Dr.', 'Dra.'] }) })]);
    const { user } = renderWithProviders(<Harness roles={['v2tabqualificacao']} />);
    expect(screen.getByLabelText('RG')).toHaveValue('12.345.678-9');
    expect(screen.getByLabelText('Nome da mãe')).toHaveValue('Ana da Silva');
    await waitFor(() => expect(screen.getByLabelText('Tratamento', { selector: 'input' })).toHaveValue('Dra.'));
    await user.type(screen.getByLabelText('Naturalidade'), 'Campinas');
    await user.type(screen.getByLabelText('Títulos acadêmicos'), 'Mestre em Direito');
    expect(values()).toMatchObject({ custNaturalidade: 'Campinas', custTitulosAcademicos: 'Mestre em Direito' });
  });

  it('is read-only in audit mode with the changed field marked; hidden without the role', () => {
    mockApi([mockContract(memberContracts.dataCache, { body: dataCache({ treatments: [] }) })]);
    const { unmount } = renderWithProviders(<Harness roles={['v2tabqualificacao']} mode="audit" diffs={new Set(['custRg'])} />);
    expect(screen.getByLabelText('RG')).toBeDisabled();
    expect(screen.getByLabelText('RG').closest('[data-changed="true"]')).not.toBeNull();
    unmount();
    renderWithProviders(<Harness roles={[]} />);
    expect(screen.queryByLabelText('RG')).not.toBeInTheDocument();
  });
});
