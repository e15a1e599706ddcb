import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyMember, type MemberInput, memberContracts, memberLocationContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { dataCache } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { MemberMode } from '../member-tab.types';
import { formValues, MemberTabHarness } from '../test/tab-harness';
import LocationTab from './LocationTab';

const EDITOR = ['v2tablocalizacao', 'v2loc'];
const DATACACHE = dataCache({
  version: '1',
  forumPositions: [
    { afcId: 1, afcCargo: 'Juiz de Direito' },
    { afcId: 2, afcCargo: 'Juiz Substituto' },
  ],
  forums: [
    { apfId: 10, forShort: 'Central' },
    { apfId: 20, forShort: 'Santana' },
  ],
  locals: [
    { locId: 100, apfId: 10, locName: '1ª Vara Cível' },
    { locId: 101, apfId: 10, locName: '2ª Vara Cível' },
    { locId: 200, apfId: 20, locName: 'Vara do Júri' },
  ],
});
const WORKPLACE = {
  locId: 100,
  locNome: '1ª Vara Cível',
  predioNome: 'Prédio A',
  locPhone1Ddd: '11',
  locPhone1: '33330000',
  locPhone1Ext: null,
  locPhone2Ddd: null,
  locPhone2: null,
  locPhone2Ext: null,
  apfId: 10,
  forNome: 'Fórum Central',
  forShort: 'Central',
  forZipcode: null,
  forAddress: 'Praça da Sé',
  forNumber: '1',
  forComplement: null,
  forCity: 'São Paulo',
  forState: 'SP',
  comNome: 'Comarca da Capital',
  cirNome: '1ª Circunscrição',
  titular: { cstId: 7, custName: 'Ana Coordenadora' },
  adjunto: null,
};

const member = (overrides: Partial<MemberInput> = {}): MemberInput =>
  ({
    ...emptyMember(),
    cstId: 101,
    custName: 'Maria da Silva',
    custBirthdate: '1970-05-10',
    custSex: 1,
    custEstadoCivil: 2,
    custCpf: '11144477735',
    bankAccount: { bnkId: 11, bnkaccBranch: '', bnkaccBranchDigit: '', bnkaccAccount: '', bnkaccAccountDigit: '' },
    enderecoResidencial: {
      adZipcode: '01310100',
      adAddress: 'Avenida Paulista',
      adNumber: '1000',
      adBairro: 'Bela Vista',
      adCity: 'São Paulo',
      adState: 'SP',
    },
    custStatus: 'M',
    custAssocSituacao: 1,
    apfId: 10,
    locId: 100,
    afcId: 1,
    version: 3,
    ...overrides,
  }) as MemberInput;

function Harness({
  initial,
  roles,
  mode = 'edit',
  diffs = new Set(),
}: {
  initial: MemberInput;
  roles: string[];
  mode?: MemberMode;
  diffs?: ReadonlySet<string>;
}) {
  return <MemberTabHarness tab={LocationTab} member={initial} roles={roles} mode={mode} diffs={diffs} cstId={101} />;
}
const values = () => formValues();
const panel = (legend: string) => screen.getByRole('group', { name: legend });
const input = (container: HTMLElement, label: string) => within(container).getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' });

function setup(props: { initial?: MemberInput; roles?: string[]; mode?: MemberMode; diffs?: ReadonlySet<string> } = {}) {
  const api = mockApi([
    mockContract(memberContracts.dataCache, { body: DATACACHE }),
    mockContract(memberLocationContracts.workplace, { body: WORKPLACE }, { params: { locId: 100 } }),
  ]);
  const view = renderWithProviders(
    <Harness initial={props.initial ?? member()} roles={props.roles ?? EDITOR} mode={props.mode} diffs={props.diffs} />,
  );
  return { api, ...view };
}

describe('Localização tab', { timeout: 30_000 }, () => {
  it('shows the member location with its read-only work place and coordinators', async () => {
    setup();
    const place = panel('Localização');
    await waitFor(() => expect(input(place, 'Fórum')).toHaveValue('Central'));
    expect(input(place, 'Local')).toHaveValue('1ª Vara Cível');
    expect(input(place, 'Cargo')).toHaveValue('Juiz de Direito');
    const work = panel('Local de trabalho');
    await waitFor(() => expect(input(work, 'Fórum')).toHaveValue('Fórum Central'));
    expect(input(work, 'Endereço')).toHaveValue('Praça da Sé, 1');
    expect(input(work, 'Comarca')).toHaveValue('Comarca da Capital');
    expect(input(work, 'Local')).toHaveAttribute('readonly');
    expect(input(panel('Coordenadores'), 'Titular')).toHaveValue('Ana Coordenadora');
    expect(input(panel('Coordenadores'), 'Adjunto')).toHaveValue('');
  });

  it('Designado: a forum alone asks for local and cargo; choosing another forum clears the local and offers its locals', async () => {
    const { user } = setup({ initial: member({ desigApfId: 10, desigLocId: 101, desigApcId: 2 }) });
    const desig = panel('Designado');
    await waitFor(() => expect(input(desig, 'Local')).toHaveValue('2ª Vara Cível'));
    await user.click(input(desig, 'Fórum'));
    await user.click(await screen.findByRole('option', { name: 'Santana' }));
    expect(values()).toMatchObject({ desigApfId: 20, desigLocId: null, desigApcId: 2 });
    expect(await within(desig).findByText('Local deve ser informado')).toBeInTheDocument();
    await user.click(input(desig, 'Local'));
    expect(screen.queryByRole('option', { name: '1ª Vara Cível' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Vara do Júri' }));
    expect(values()).toMatchObject({ desigApfId: 20, desigLocId: 200 });
  });

  it('Provisório: forum, local and cargo need the date ("Data para provisório obrigatória")', async () => {
    const { user } = setup({ initial: member({ provApfId: 10, provLocId: 100 }) });
    const prov = panel('Provisório');
    await user.click(input(prov, 'Data do provisório'));
    await user.tab();
    expect(await within(prov).findByText('Data para provisório obrigatória')).toBeInTheDocument();
    await user.click(input(prov, 'Cargo'));
    await user.keyboard('{Escape}');
    await user.tab();
    expect(await within(prov).findByText('Cargo deve ser preenchido')).toBeInTheDocument();
    await user.click(input(prov, 'Cargo'));
    await user.click(await screen.findByRole('option', { name: 'Juiz Substituto' }));
    await waitFor(() => expect(within(prov).queryByText('Cargo deve ser preenchido')).not.toBeInTheDocument());
    expect(values()).toMatchObject({ provApcId: 2 });
  });

  it('clearing the director-of-forum flag clears its date; setting it asks for the date', async () => {
    const { user } = setup({ initial: member({ custDirForum: true, custDataDirForum: '2024-02-01' }) });
    expect(input(panel('Diretor do fórum'), 'Data diretor do fórum')).toHaveValue('01/02/2024');
    await user.click(screen.getByRole('switch', { name: 'Diretor do fórum' }));
    expect(values()).toMatchObject({ custDirForum: false, custDataDirForum: null });
    await user.click(screen.getByRole('switch', { name: 'Diretor do fórum' }));
    expect(await screen.findByText('Data deve ser preenchida!')).toBeInTheDocument();
  });

  it('shows its rules while a required field of another tab is empty (no name, no CPF)', async () => {
    const { user } = setup({ initial: member({ custName: '', custCpf: '', desigApfId: 10, desigLocId: 101, desigApcId: 2 }) });
    const desig = panel('Designado');
    await waitFor(() => expect(input(desig, 'Local')).toHaveValue('2ª Vara Cível'));
    await user.click(input(desig, 'Fórum'));
    await user.click(await screen.findByRole('option', { name: 'Santana' }));
    expect(await within(desig).findByText('Local deve ser informado')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Diretor do fórum' }));
    expect(await screen.findByText('Data deve ser preenchida!')).toBeInTheDocument();
  });

  it('read-only without v2loc and in audit mode (changed fields marked); hidden without v2tablocalizacao', async () => {
    const { unmount } = setup({ roles: ['v2tablocalizacao'] });
    await waitFor(() => expect(input(panel('Designado'), 'Fórum')).toBeDisabled());
    expect(screen.getByRole('switch', { name: 'Diretor do fórum' })).toBeDisabled();
    unmount();
    const audit = setup({ mode: 'audit', diffs: new Set(['desigApfId']) });
    await waitFor(() => expect(input(panel('Designado'), 'Fórum')).toBeDisabled());
    expect(panel('Designado').querySelector('[data-changed="true"]')).not.toBeNull();
    expect(panel('Provisório').querySelector('[data-changed="true"]')).toBeNull();
    audit.unmount();
    setup({ roles: [] });
    expect(screen.queryByRole('group', { name: 'Designado' })).not.toBeInTheDocument();
  });
});
