import type { ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyMember,
  type ChargeItem,
  type FollowUpItemInput,
  type MemberInput,
  type MemberServiceItem,
  chargeContracts,
  memberServiceContracts,
} from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import ChargesTab from '../charges-tab/ChargesTab';
import FollowUpTab from '../follow-up-tab/FollowUpTab';
import type { MemberTabProps } from '../member-tab.types';
import ServicesTab from '../services-tab/ServicesTab';
import { MemberTabHarness } from '../test/tab-harness';
import { MemberTabs } from './MemberTabs';

/**
 * Issue 13: every change of an audit version shows per tab. Rows are named by their id in fieldDiffs (domain
 * audit-paths.ts); a changed row carries data-changed and the text "(alterado)" or a title (not colour only), and the
 * tab label a dot with the same text.
 */
const ROLES = ['v2servicoview', 'v2userdadospessoaisview', 'v2cobrancaview', 'v2tabusuario', 'v2tabservicos', 'v2tabacompanhamento', 'v2tabcobranca'];

const service = (cslId: number, svcName: string): MemberServiceItem =>
  ({ cslId, svcId: cslId, svcName, svcEditPlugin: null, sucId: 30, sucName: 'Plano', valor: 1000, operation: 'none' }) as MemberServiceItem;
const followUp = (atdId: number, atdTitulo: string): FollowUpItemInput => ({
  atdId,
  atdData: '2026-03-04T15:06:07.000Z',
  atdTipo: 2,
  atdDepartamento: 1,
  atdAssunto: 7,
  atdTitulo,
  atdCriadoPor: 'Carlos Atendente',
  atdStatus: 2,
  version: 1,
  operation: 'none',
});
const charge = (cobId: number, cobVencimento: string): ChargeItem => ({
  cobId,
  cobVencimento,
  cobRetorno: '2024-01-12',
  cobValor: 15000,
  bnkId: 2,
  bnkName: 'Banco do Brasil',
  cdrCodRet: 0,
  cdrDescription: 'Pago',
  operation: 'none',
});

const record = {
  ...emptyMember(),
  cstId: 101,
  custName: 'Maria da Silva',
  custStatus: 'M',
  // Index 0 / id 40 and index 1 / id 41: the paths below name the second row by its id, never by its index.
  usuarioServicos: [service(40, 'Linha móvel'), service(41, 'Seguro de vida')],
  atendimentos: [followUp(50, 'Primeiro contato'), followUp(51, 'Cobrança em duplicidade')],
  cobrancas: [charge(60, '2024-01-10'), charge(61, '2024-02-10')],
  version: 3,
} as MemberInput;
const DIFFS = new Set([
  'usuarioServicos',
  'usuarioServicos.41',
  'usuarioServicos.41.valor',
  'atendimentos',
  'atendimentos.51',
  'atendimentos.51.atdTitulo',
  'cobrancas',
  'cobrancas.61',
]);

function setup(Tab: ComponentType<MemberTabProps>, diffs: ReadonlySet<string> = DIFFS) {
  mockApi([
    mockContract(chargeContracts.debt, { body: { cstId: 101, divida: 0 } }, { params: { cstId: 101 } }),
    mockContract(memberServiceContracts.plugins, { body: [] }),
  ]);
  return renderWithProviders(<MemberTabHarness tab={Tab} member={record} roles={ROLES} mode="audit" diffs={diffs} />, {
    session: sessionFor(ROLES),
    modals: true,
  });
}
const rowWith = (text: string) => screen.getByText(text).closest('tr')!;

describe('audit mode: changed rows by id, per tab (issue 13)', () => {
  it('Serviços: the changed service row is marked, with a text cue; the other is not', () => {
    setup(ServicesTab);
    expect(rowWith('Seguro de vida').getAttribute('data-changed')).toBe('true');
    expect(within(rowWith('Seguro de vida')).getByText('(alterado)')).toBeInTheDocument();
    expect(rowWith('Linha móvel').getAttribute('data-changed')).toBeNull();
  });

  it('Acompanhamento: the changed row is marked with its title "alterado"', () => {
    setup(FollowUpTab);
    expect(rowWith('Cobrança em duplicidade').getAttribute('data-changed')).toBe('true');
    expect(rowWith('Cobrança em duplicidade').getAttribute('title')).toBe('alterado');
    expect(rowWith('Primeiro contato').getAttribute('data-changed')).toBeNull();
  });

  it('Cobranças: the charge the version created is marked', () => {
    setup(ChargesTab);
    const created = screen.getByText('10/02/2024').closest('tr')!;
    expect(created.getAttribute('data-changed')).toBe('true');
    expect(within(created).getByText('(alterado)')).toBeInTheDocument();
    expect(screen.getByText('10/01/2024').closest('tr')!.getAttribute('data-changed')).toBeNull();
  });

  it('the tab labels holding a change show a dot and "(alterado)"; the others do not', () => {
    const Tabs = (props: MemberTabProps) => <MemberTabs panel={props} />;
    setup(Tabs, new Set(['custName', 'atendimentos', 'atendimentos.51']));
    const tab = (name: RegExp) => screen.getByRole('tab', { name });
    expect(tab(/^Usuário/).getAttribute('data-changed')).toBe('true');
    expect(tab(/^Usuário/)).toHaveAccessibleName('Usuário (alterado)');
    expect(tab(/^Acompanhamento/).getAttribute('data-changed')).toBe('true');
    expect(tab(/^Serviços/).getAttribute('data-changed')).toBeNull();
    expect(tab(/^Serviços/)).toHaveAccessibleName('Serviços');
  });
});
