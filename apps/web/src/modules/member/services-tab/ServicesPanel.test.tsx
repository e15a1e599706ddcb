import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyMember,
  memberSchema,
  memberServiceMessages,
  type MemberInput,
  type MemberServiceItem,
  type Service,
  memberServiceContracts,
  serviceContracts,
} from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { serviceRow } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RolesProvider } from '../../ui/components/RoleGate';
import { useAppForm } from '../../ui/form';
import type { MemberForm } from '../member-tab.types';
import { ServicesPanel } from './ServicesPanel';

const ALL = ['v2servicoview', 'v2servicoadd', 'v2servicoedit', 'v2servicodelete', 'v2cchedit', 'v2cchdelete'];
const svc = (svcId: number, svcName: string, extra: Partial<Service> = {}) => serviceRow({ svcId, sucId: 30, svcName, svcValor: 5990, ...extra });
const ROUTES = [
  mockContract(memberServiceContracts.plugins, { body: [{ svcId: 501, plugin: 'plgCelular' }] }),
  mockContract(serviceContracts.listSuppliers, { body: [{ supId: 7, supName: 'Operadora Conecta Celular', version: 1 }] }),
  mockContract(
    serviceContracts.listProducts,
    {
      body: [{ sucId: 30, supId: 7, sucName: 'Plano corporativo de celular', sucHealth: false, sucMudaFaixa: false, version: 1 }],
    },
    { params: { supId: 7 } },
  ),
  mockContract(
    serviceContracts.listServices,
    {
      body: [svc(501, 'Linha móvel 20 GB'), svc(502, 'Seguro de vida', { svcValor: 100 }), svc(503, 'Plano adulto', { svcMin: 19, svcMax: 58 })],
    },
    { params: { sucId: 30 } },
  ),
];

const row = (values: Partial<MemberServiceItem>): MemberServiceItem =>
  ({ svcEditPlugin: null, sucId: 30, sucName: 'Plano corporativo de celular', valor: 0, operation: 'none', ...values }) as MemberServiceItem;

function Harness({ rows, roles, readOnly = false }: { rows: MemberServiceItem[]; roles: string[]; readOnly?: boolean }) {
  const form = useAppForm(memberSchema, { ...emptyMember(), cstId: 101, usuarioServicos: rows, version: 1 } as MemberInput) as unknown as MemberForm;
  return (
    <RolesProvider roles={roles}>
      <ServicesPanel
        form={form}
        basePath="usuarioServicos"
        owner={{ isDependent: false, birthdate: '1950-01-01' }}
        canEdit
        readOnly={readOnly}
        diffs={new Set()}
      />
      <output data-testid="rows">{JSON.stringify(form.values.usuarioServicos)}</output>
    </RolesProvider>
  );
}
const rowsNow = () => JSON.parse(screen.getByTestId('rows').textContent!) as MemberServiceItem[];

function setup(rows: MemberServiceItem[], roles = ALL, readOnly = false) {
  mockApi(ROUTES);
  return renderWithProviders(<Harness rows={rows} roles={roles} readOnly={readOnly} />, { modals: true });
}

const stored = [
  row({ cslId: 1, svcId: 501, svcName: 'Linha móvel 20 GB', svcEditPlugin: 'plgCelular', cslStr1: '11987654321', valor: 5990 }),
  row({ cslId: 2, svcId: 170, svcName: 'Fundo de Pecúlio', valor: 9800 }),
];

describe('Serviços panel', { timeout: 30_000 }, () => {
  it('lists Serviço, Observações and Valor with the total of the rows not deleted', () => {
    setup([...stored, row({ cslId: 3, svcId: 171, svcName: 'Mensalidade', valor: 32500, operation: 'delete' })]);
    const table = screen.getByRole('table', { name: 'Serviços' });
    expect(within(table).getByText('Linha móvel 20 GB')).toBeInTheDocument();
    expect(within(table).getByText('Celular 11987654321')).toBeInTheDocument();
    // The deleted row stays listed, outside the total (R$ 59,90 + R$ 98,00).
    expect(within(table).getByText('Mensalidade').closest('tr')).toHaveAttribute('data-operation', 'delete');
    expect(screen.getByTestId('services-total').textContent).toMatch(/157,90/);
  });

  it('delete asks, marks the row delete (still listed) and restores it as update after the other question', async () => {
    const { user } = setup(stored);
    await user.click(screen.getByRole('button', { name: 'Apagar Fundo de Pecúlio' }));
    const confirm = await screen.findByRole('dialog', { name: 'Apagando serviço' });
    expect(within(confirm).getByText('Tem certeza que deseja apagar o registro')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(rowsNow()[1]!.operation).toBe('delete'));
    expect(screen.getByText('Fundo de Pecúlio')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Recuperar Fundo de Pecúlio' }));
    const restore = await screen.findByRole('dialog', { name: 'Recuperando serviço' });
    await user.click(within(restore).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(rowsNow()[1]!.operation).toBe('update'));
  });

  it('add: supplier, product, service; refuses a duplicate and an age out of range; then the plugin form adds the row', async () => {
    const { user } = setup(stored);
    await user.click(screen.getByRole('button', { name: 'Adicionar serviço' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar serviço' });
    const pick = async (label: string, option: string) => {
      await user.click(within(dialog).getByLabelText(label, { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    expect(within(dialog).getByLabelText('Produto', { selector: 'input' })).toBeDisabled();
    await pick('Fornecedor', 'Operadora Conecta Celular');
    await pick('Produto', 'Plano corporativo de celular');
    // Already held, no duplicates: refused and reset.
    await pick('Serviço', 'Linha móvel 20 GB');
    expect(await within(dialog).findByText(memberServiceMessages.duplicate)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^Número/ })).toBeNull();
    // The owner (born 1950) is outside 19 to 58.
    await pick('Serviço', 'Plano adulto');
    expect(await within(dialog).findByText(memberServiceMessages.ageOutOfRange(19, 58))).toBeInTheDocument();
    expect(rowsNow()).toHaveLength(2);
  });

  it('add a phone line: the plugin form requires a 10 or 11 digit number, then Ok adds the row marked insert', async () => {
    const { user } = setup([stored[1]!]);
    await user.click(screen.getByRole('button', { name: 'Adicionar serviço' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar serviço' });
    const pick = async (label: string, option: string) => {
      await user.click(within(dialog).getByLabelText(label, { selector: 'input' }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Fornecedor', 'Operadora Conecta Celular');
    await pick('Produto', 'Plano corporativo de celular');
    await pick('Serviço', 'Linha móvel 20 GB');
    const number = await within(dialog).findByRole('textbox', { name: /^Número/ });
    await user.type(number, '119876');
    await user.tab();
    expect(await within(dialog).findByText('Tamanho mínimo de 10 caracteres')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ok' })).toBeDisabled();
    await user.type(number, '54321');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(rowsNow()).toHaveLength(2));
    expect(rowsNow()[1]).toMatchObject({ svcId: 501, svcEditPlugin: 'plgCelular', cslStr1: '11987654321', valor: 5990, operation: 'insert' });
    expect(screen.getByTestId('services-total').textContent).toMatch(/157,90/);
  });

  it('edits a row in its plugin modal (marked update); without the roles or in audit mode there are no actions', async () => {
    const { user, unmount } = setup(stored);
    await user.click(screen.getByRole('button', { name: 'Editar Linha móvel 20 GB' }));
    const dialog = await screen.findByRole('dialog', { name: /Linha móvel 20 GB - Celular/ });
    await user.type(within(dialog).getByRole('textbox', { name: 'IMEI' }), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(rowsNow()[0]).toMatchObject({ cslStr3: '123456', operation: 'update' }));
    unmount();

    setup(stored, ['v2servicoview']);
    expect(screen.queryByRole('button', { name: 'Adicionar serviço' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Apagar/ })).toBeNull();
  });

  it('audit mode: read-only', () => {
    setup(stored, ALL, true);
    expect(screen.queryByRole('button', { name: 'Adicionar serviço' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Editar/ })).toBeNull();
  });
});
