import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyMember, reimbursementContracts, type MemberInput, type RessarcimentoItemInput } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { runAxe, seriousViolations } from '../../../test/axe';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { MemberMode } from '../member-tab.types';
import { formValues, MemberTabHarness } from '../test/tab-harness';
import ReimbursementsTab from './ReimbursementsTab';

const ROLES = ['v2tabressarcimento'];
const KEY = '00000000-0000-4000-8000-0000000000a1';
const NEW_KEY = '00000000-0000-4000-8000-0000000000b2';
const saved: RessarcimentoItemInput = {
  resId: 7,
  cstId: 101,
  resTitularNome: 'Maria da Silva',
  resPacienteCstId: 102,
  resPacienteNome: 'João da Silva',
  resMarcaOtica: '12345678',
  resProtocoloAssoc: null,
  resRecebidoData: '2025-03-12T13:00:00.000Z',
  resRecebidoPor: 'Secretaria de Saúde',
  procedimentos: [
    {
      procId: 31,
      procProcedimentoId: 2,
      procProcedimentoData: '2025-03-01',
      procProcedimentoValor: 20_000,
      procProtocolo: 'NF 123',
      procCCH: false,
      procKey: KEY,
      procRetornoStatus: 1,
      procRetornoData: '2025-03-20',
      procRetornoValor: 16_000,
      operation: 'none',
    },
    {
      procId: 32,
      procProcedimentoId: 1,
      procProcedimentoData: '2025-03-02',
      procProcedimentoValor: 9_000,
      procCCH: true,
      procKey: KEY,
      procRetornoStatus: null,
      operation: 'none',
    },
  ],
  operation: 'none',
};
const member = (rows: RessarcimentoItemInput[]): MemberInput =>
  ({
    ...emptyMember(),
    cstId: 101,
    custName: 'Maria da Silva',
    custBirthdate: '1970-05-10',
    custSex: 1,
    custEstadoCivil: 2,
    custCpf: '11144477735',
    custStatus: 'M',
    ressarcimentos: rows,
    version: 3,
  }) as MemberInput;
const rowsNow = () => formValues<{ ressarcimentos: RessarcimentoItemInput[] }>().ressarcimentos;
const chooseFile = (file: File) => fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, { target: { files: [file] } });

function setup(rows: RessarcimentoItemInput[], { roles = ROLES, mode = 'edit' as MemberMode } = {}) {
  const api = mockApi([
    mockContract(reimbursementContracts.patients, {
      body: [
        { cstId: 101, custName: 'Maria da Silva', carteirinha: '987654321' },
        { cstId: 102, custName: 'João da Silva', carteirinha: '123456789' },
      ],
    }),
    mockContract(reimbursementContracts.upload, { status: 201, body: { status: 'ok', key: NEW_KEY, keyLength: 8 } }),
  ]);
  const view = renderWithProviders(<MemberTabHarness tab={ReimbursementsTab} member={member(rows)} roles={roles} mode={mode} cstId={101} />, {
    session: sessionFor(roles),
    modals: true,
  });
  return { api, ...view };
}

describe('Ressarcimentos tab', { timeout: 60_000 }, () => {
  it('lists the claims (N/I without a protocol, the reimbursed sum) with expandable procedures and the document in a new window', async () => {
    const { user } = setup([saved]);
    const table = screen.getByRole('table', { name: 'Ressarcimentos do associado' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('12/03/2025')).toBeInTheDocument();
    expect(within(row).getByText('João da Silva')).toBeInTheDocument();
    expect(within(row).getByText('N/I')).toBeInTheDocument();
    expect(within(row).getByText('R$ 160,00')).toBeInTheDocument();
    const document = within(row).getByRole('link', { name: 'Abrir documento do ressarcimento de João da Silva' });
    expect(document).toHaveAttribute('href', '/api/v1/user/ressarcimento/7');
    expect(document).toHaveAttribute('target', '_blank');
    // A saved claim is never deleted: no delete icon.
    expect(within(row).queryByRole('button', { name: /^Apagar/ })).not.toBeInTheDocument();
    const expand = within(row).getByRole('button', { name: 'Procedimentos do ressarcimento de João da Silva' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    const procedures = screen.getByRole('table', { name: 'Procedimentos do ressarcimento de João da Silva' });
    const lines = within(procedures).getAllByRole('row').slice(1);
    expect(
      lines.map((l) =>
        within(l)
          .getAllByRole('cell')
          .slice(0, 8)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Exame', '01/03/2025', 'R$ 200,00', 'NF 123', 'Não', 'Pago', '20/03/2025', 'R$ 160,00'],
      ['Consulta', '02/03/2025', 'R$ 90,00', '', 'Sim', 'Pendente', '', ''],
    ]);
    expect(within(procedures).getByRole('link', { name: 'Abrir documento do procedimento Consulta' })).toHaveAttribute(
      'href',
      '/api/v1/user/ressarcimento/7?procId=32',
    );
    expect(seriousViolations(await runAxe(document.ownerDocument.body))).toEqual([]);
  });

  it('adds a claim: patient, optical mark from the card, a procedure with its document; the row goes to the top marked insert', async () => {
    const { user, api } = setup([saved]);
    await user.click(screen.getByRole('button', { name: 'Adicionar ressarcimento' }));
    const claim = await screen.findByRole('dialog', { name: 'Ressarcimento - Reembolso' });
    await user.click(within(claim).getByRole('combobox', { name: /^Paciente/ }));
    await user.click(await screen.findByRole('option', { name: 'João da Silva' }));
    expect(within(claim).getByRole('textbox', { name: /^Marca ótica/ })).toHaveValue('12345678');
    expect(within(claim).getByRole('textbox', { name: /^Protocolo associação/ })).toHaveAttribute('placeholder', 'N/I');
    expect(within(claim).getByRole('button', { name: 'Ok' })).toBeDisabled();
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);

    await user.click(within(claim).getByRole('button', { name: 'Adicionar procedimento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Procedimento' });
    const add = within(dialog).getByRole('button', { name: 'Adicionar' });
    expect(add).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /^Procedimento/ }));
    await user.click(await screen.findByRole('option', { name: 'Cirurgia' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Data do procedimento/ }), '10/03/2025');
    await user.type(within(dialog).getByRole('textbox', { name: /^Valor/ }), '1234,56');
    await user.type(within(dialog).getByRole('textbox', { name: /^Observação/ }), 'Internação de um dia');
    // Without the document Adicionar stays disabled (spec 2 §5).
    expect(add).toBeDisabled();
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
    chooseFile(new File(['%PDF-1.7'], 'recibo.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('Documento enviado')).toBeInTheDocument();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).endsWith('/ressarcimento/upload'))).toBe(true);
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Procedimento' })).not.toBeInTheDocument());
    expect(within(claim).getByText('Cirurgia')).toBeInTheDocument();
    await user.click(within(claim).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ressarcimento - Reembolso' })).not.toBeInTheDocument());

    const rows = rowsNow();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      resPacienteCstId: 102,
      resPacienteNome: 'João da Silva',
      resMarcaOtica: '12345678',
      resRecebidoPor: sessionFor(ROLES).name,
      operation: 'insert',
      procedimentos: [
        {
          procProcedimentoId: 4,
          procProcedimentoData: '2025-03-10',
          procProcedimentoValor: 123_456,
          procKey: NEW_KEY,
          keyLength: 8,
          operation: 'insert',
        },
      ],
    });
    expect(Date.now() - new Date(rows[0]!.resRecebidoData!).getTime()).toBeLessThan(60_000);
    // A claim not saved yet can be deleted (spec 2 §4).
    const first = within(screen.getByRole('table', { name: 'Ressarcimentos do associado' })).getAllByRole('row')[1]!;
    expect(first).toHaveAttribute('data-operation', 'insert');
    await user.click(within(first).getByRole('button', { name: 'Apagar ressarcimento de João da Silva' }));
    await user.click(await screen.findByRole('button', { name: 'SIM' }));
    await waitFor(() => expect(rowsNow()).toHaveLength(1));
  });

  it('edits a saved claim: adding procedures disabled, no delete, an edit column with the return (date and value only for Pago)', async () => {
    const { user } = setup([saved]);
    await user.click(screen.getByRole('button', { name: 'Editar ressarcimento de João da Silva' }));
    const claim = await screen.findByRole('dialog', { name: 'Ressarcimento - Reembolso' });
    expect(within(claim).getByRole('button', { name: 'Adicionar procedimento' })).toBeDisabled();
    expect(within(claim).queryByRole('button', { name: /^Apagar procedimento/ })).not.toBeInTheDocument();
    expect(within(claim).getByRole('combobox', { name: /^Paciente/ })).toBeDisabled();
    await user.click(within(claim).getByRole('button', { name: 'Editar retorno do procedimento Consulta' }));
    const ret = await screen.findByRole('dialog', { name: 'Procedimento - Retorno' });
    expect(within(ret).queryByRole('textbox', { name: /^Data do retorno/ })).not.toBeInTheDocument();
    await user.click(within(ret).getByRole('combobox', { name: /^Retorno/ }));
    await user.click(await screen.findByRole('option', { name: 'Pago' }));
    expect(within(ret).getByRole('button', { name: 'Ok' })).toBeDisabled();
    await user.type(within(ret).getByRole('textbox', { name: /^Data do retorno/ }), '25/03/2025');
    await user.type(within(ret).getByRole('textbox', { name: /^Valor do retorno/ }), '80,00');
    expect(seriousViolations(await runAxe(document.body))).toEqual([]);
    await user.click(within(ret).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Procedimento - Retorno' })).not.toBeInTheDocument());
    await user.click(within(claim).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ressarcimento - Reembolso' })).not.toBeInTheDocument());
    const [row] = rowsNow();
    expect(row!.operation).toBe('update');
    expect(row!.procedimentos![0]!.operation).toBe('none');
    expect(row!.procedimentos![1]).toMatchObject({
      procRetornoStatus: 1,
      procRetornoData: '2025-03-25',
      procRetornoValor: 8_000,
      operation: 'update',
    });
  });

  it('audit mode and users without the tab’s role: read-only or the permission text', () => {
    const { unmount } = setup([saved], { mode: 'audit' });
    expect(screen.queryByRole('button', { name: 'Adicionar ressarcimento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Editar/ })).not.toBeInTheDocument();
    unmount();
    setup([saved], { roles: ['v2access'] });
    expect(screen.getByText('Sem permissão para ver os ressarcimentos.')).toBeInTheDocument();
  });
});
