import { Suspense } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emptyMember,
  formatFileSize,
  genericMessages,
  memberDocumentMessages,
  memberSchema,
  type MemberDocumentInput,
  type MemberInput,
  memberDocumentContracts,
} from '@assoc/domain';
import { mockApi, mockContract, type MockRoute } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RolesProvider } from '../../ui/components/RoleGate';
import { useAppForm } from '../../ui/form';
import type { MemberForm, MemberMode } from '../member-tab.types';
import DocumentsTab from './DocumentsTab';

const KEY_A = '11111111-1111-4111-8111-111111111111';
const KEY_B = '22222222-2222-4222-8222-222222222222';
const KEY_NEW = '33333333-3333-4333-8333-333333333333';

const stored: MemberDocumentInput[] = [
  {
    scanId: 7,
    key: KEY_A,
    created: '2024-03-05T13:04:05.000Z',
    createdBy: 'Ana Atendente',
    description: 'Carteira funcional',
    filesize: 1536,
    mimeType: 'application/pdf',
    operation: 'none',
  },
  {
    scanId: 6,
    key: KEY_B,
    created: '2024-01-02T10:00:00.000Z',
    createdBy: 'Bruno',
    description: 'Comprovante de endereço',
    filesize: 5 * 1024 * 1024,
    mimeType: 'image/png',
    operation: 'none',
  },
];

interface HarnessProps {
  rows: MemberDocumentInput[];
  edit?: boolean;
  mode?: MemberMode;
  diffs?: ReadonlySet<string>;
}

function Harness({ rows, edit = true, mode = 'edit', diffs = new Set() }: HarnessProps) {
  const form = useAppForm(memberSchema, { ...emptyMember(), cstId: 101, documentos: rows, version: 1 } as MemberInput) as unknown as MemberForm;
  return (
    <RolesProvider roles={edit ? ['v2docview', 'v2docnew'] : ['v2docview']}>
      <Suspense>
        <DocumentsTab
          form={form}
          mode={mode}
          cstId={101}
          dependentInView={null}
          canView={(key) => key === 'documents'}
          canEdit={(key) => key === 'documents' && edit && mode !== 'audit'}
          readOnly={mode === 'audit'}
          diffs={diffs}
        />
      </Suspense>
      <output data-testid="rows">{JSON.stringify(form.values.documentos)}</output>
    </RolesProvider>
  );
}
const rowsNow = () => JSON.parse(screen.getByTestId('rows').textContent!) as MemberDocumentInput[];

function setup(props: HarnessProps, routes: MockRoute[] = []) {
  const api = mockApi(routes);
  return { api, ...renderWithProviders(<Harness {...props} />, { modals: true }) };
}

const chooseFile = (file: File) => fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, { target: { files: [file] } });
const pdf = (name = 'carteira.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

describe('Documentos tab', { timeout: 30_000 }, () => {
  it('lists Data, Usuário, Descrição and Tamanho; the toggle (SIM by default) opens in a new tab, NÃO downloads', async () => {
    const { user } = setup({ rows: stored });
    const table = screen.getByRole('table', { name: 'Documentos' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Data', 'Usuário', 'Descrição', 'Tamanho', 'Abrir', 'Ações']);
    const first = within(table).getByText('Carteira funcional').closest('tr')!;
    expect(within(first).getByText('Ana Atendente')).toBeInTheDocument();
    expect(within(first).getByText(formatFileSize(1536))).toBeInTheDocument();
    expect(within(table).getByText('5 MB')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Abrir em nova janela?' });
    expect(toggle).toBeChecked();
    const open = screen.getByRole('link', { name: 'Abrir Carteira funcional' });
    expect(open).toHaveAttribute('href', `/api/v1/user/doc/${KEY_A}`);
    expect(open).toHaveAttribute('target', '_blank');
    await user.click(toggle);
    const download = screen.getByRole('link', { name: 'Baixar Carteira funcional' });
    expect(download).toHaveAttribute('href', `/api/v1/user/doc/${KEY_A}?download=1`);
    expect(download).not.toHaveAttribute('target');
  });

  it('scan modal: ADICIONAR waits for a document and 5 characters, then uploads and adds the row at the top marked insert', async () => {
    const { user, api } = setup({ rows: stored }, [
      mockContract(memberDocumentContracts.upload, {
        status: 201,
        body: { status: 'ok', key: KEY_NEW, filesize: 8, mimeType: 'application/pdf', created: '2024-04-01T12:00:00.000Z', createdBy: 'Eu Mesmo' },
      }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Adicionar documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar documento' });
    const add = within(dialog).getByRole('button', { name: 'ADICIONAR' });
    expect(add).toBeDisabled();
    chooseFile(pdf());
    await user.type(within(dialog).getByLabelText(/^Descrição/), 'Doc');
    await user.tab();
    expect(add).toBeDisabled();
    expect(within(dialog).getByText(genericMessages.minLength(5))).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Descrição/), 'umento novo');
    expect(add).toBeEnabled();
    await user.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adicionar documento' })).not.toBeInTheDocument());
    const upload = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/user/doc'))!;
    expect(upload[1]!.body).toBeInstanceOf(FormData);
    expect(rowsNow()[0]).toMatchObject({ key: KEY_NEW, description: 'Documento novo', createdBy: 'Eu Mesmo', filesize: 8, operation: 'insert' });
    expect(rowsNow()).toHaveLength(3);
    expect(screen.getByText('Documento novo').closest('tr')).toHaveAttribute('data-operation', 'insert');
  });

  it('a failed upload shows the spec message and keeps the modal open; an XLS file is refused at once', async () => {
    const { user } = setup({ rows: [] }, [mockContract(memberDocumentContracts.upload, { status: 500, body: { message: 'erro' } })]);
    await user.click(screen.getByRole('button', { name: 'Adicionar documento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar documento' });
    chooseFile(new File(['x'], 'planilha.xls'));
    await user.type(within(dialog).getByLabelText(/^Descrição/), 'Planilha antiga');
    expect(within(dialog).getByText(memberDocumentMessages.xlsRefused)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'ADICIONAR' })).toBeDisabled();
    chooseFile(pdf());
    await user.click(within(dialog).getByRole('button', { name: 'ADICIONAR' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(memberDocumentMessages.uploadFailed);
    expect(rowsNow()).toEqual([]);
  });

  it('deleting an unsaved row removes it; a saved one is marked delete (listed) and can be restored', async () => {
    const fresh: MemberDocumentInput = { ...stored[0]!, scanId: undefined, key: KEY_NEW, description: 'Ainda não salvo', operation: 'insert' };
    const { user } = setup({ rows: [fresh, ...stored] });
    await user.click(screen.getByRole('button', { name: 'Apagar Ainda não salvo' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Apagando documento' })).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(rowsNow()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Apagar Carteira funcional' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Apagando documento' })).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(rowsNow()[0]!.operation).toBe('delete'));
    expect(screen.getByText('Carteira funcional').closest('tr')).toHaveAttribute('data-operation', 'delete');
    await user.click(screen.getByRole('button', { name: 'Recuperar Carteira funcional' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Recuperando documento' })).getByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(rowsNow()[0]!.operation).toBe('update'));
  });

  it('audit mode is read only, with the changed rows marked; without v2docnew there is no add or delete', () => {
    // Audit paths name a row by its scanId (domain audit-paths.ts): Comprovante is scanId 6.
    const { unmount } = setup({ rows: stored, mode: 'audit', diffs: new Set(['documentos.6', 'documentos.6.description']) });
    expect(screen.queryByRole('button', { name: 'Adicionar documento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Apagar/ })).not.toBeInTheDocument();
    const changed = screen.getByText('Comprovante de endereço').closest('tr')!;
    expect(changed.getAttribute('style')).toMatch(/font-weight: 700/);
    expect(changed.getAttribute('data-changed')).toBe('true');
    expect(within(changed).getByText('(alterado)')).toBeInTheDocument();
    expect(screen.getByText('Carteira funcional').closest('tr')!.getAttribute('style')).toBeNull();
    expect(screen.getByText('Carteira funcional').closest('tr')!.getAttribute('data-changed')).toBeNull();
    expect(screen.queryByText('Documentos alterados nesta versão')).not.toBeInTheDocument();
    unmount();
    const list = setup({ rows: stored, mode: 'audit', diffs: new Set(['documentos']) });
    expect(screen.getByText('Documentos alterados nesta versão')).toBeInTheDocument();
    list.unmount();
    setup({ rows: stored, edit: false });
    expect(screen.queryByRole('button', { name: 'Adicionar documento' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir Carteira funcional' })).toBeInTheDocument();
  });
});
