import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@mantine/core';
import { printingTexts, type PrintSelection, printingContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../test/api-mock';
import { sessionFor, staffRoles } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PrintChoiceDialog, type PrintChoiceAnswer } from './components/PrintChoiceDialog';
import { PrintQueueTable } from './components/PrintQueueTable';
import { PrintRangeDialog } from './components/PrintRangeDialog';
import { usePrintDocument } from './hooks/usePrintDocument';
import { runAxe, seriousViolations } from '../../test/axe';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const printButton = () => screen.getByRole('button', { name: printingTexts.print });
const isRed = (button: HTMLElement) => button.getAttribute('data-invalid') === 'true' && (button.getAttribute('style') ?? '').includes('red');

describe('PrintRangeDialog (Seleção de impressão)', () => {
  it('answers Tudo, Página atual and a valid Intervalo; Imprimir is red and does nothing while the range is invalid', async () => {
    const onPrint = vi.fn<(s: PrintSelection) => void>();
    const { user } = renderWithProviders(<PrintRangeDialog opened onClose={() => {}} onPrint={onPrint} totalPages={5} />);
    const dialog = await screen.findByRole('dialog', { name: printingTexts.rangeTitle });
    expect(within(dialog).getByRole('radio', { name: printingTexts.all })).toBeChecked();
    await user.click(printButton());
    expect(onPrint).toHaveBeenLastCalledWith({ kind: 'all' });

    await user.click(within(dialog).getByRole('radio', { name: printingTexts.current }));
    await user.click(printButton());
    expect(onPrint).toHaveBeenLastCalledWith({ kind: 'current' });

    await user.click(within(dialog).getByRole('radio', { name: printingTexts.range }));
    const from = within(dialog).getByLabelText(printingTexts.from);
    const to = within(dialog).getByLabelText(printingTexts.to);
    // start after end
    fireEvent.change(from, { target: { value: '4' } });
    fireEvent.change(to, { target: { value: '2' } });
    await waitFor(() => expect(isRed(printButton())).toBe(true));
    onPrint.mockClear();
    await user.click(printButton());
    expect(onPrint).not.toHaveBeenCalled();
    // end past the total pages
    fireEvent.change(to, { target: { value: '6' } });
    await waitFor(() => expect(isRed(printButton())).toBe(true));
    // start below 1
    fireEvent.change(from, { target: { value: '0' } });
    fireEvent.change(to, { target: { value: '3' } });
    await waitFor(() => expect(isRed(printButton())).toBe(true));
    // valid
    fireEvent.change(from, { target: { value: '2' } });
    fireEvent.change(to, { target: { value: '5' } });
    await waitFor(() => expect(isRed(printButton())).toBe(false));
    await user.click(printButton());
    expect(onPrint).toHaveBeenLastCalledWith({ kind: 'range', start: 2, end: 5 });
  });
});

describe('PrintChoiceDialog (Selecionar como imprimir)', () => {
  it('offers Impressora Remota (HP500 = 1, Brother = 2), Download, Navegador and the SIM/NÃO toggle', async () => {
    const onConfirm = vi.fn<(a: PrintChoiceAnswer) => void>();
    const { user } = renderWithProviders(<PrintChoiceDialog opened onClose={() => {}} onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog', { name: printingTexts.choiceTitle });
    expect(within(dialog).getByRole('radio', { name: printingTexts.download })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: printingTexts.browser })).toBeInTheDocument();
    expect(within(dialog).getByText(printingTexts.no)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: printingTexts.remote }));
    await user.click(within(dialog).getByRole('radio', { name: 'Brother (2)' }));
    expect(within(dialog).getByRole('radio', { name: 'HP500 (1)' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: printingTexts.remember }));
    expect(within(dialog).getByText(printingTexts.yes)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: printingTexts.ok }));
    expect(onConfirm).toHaveBeenCalledWith({ choice: { mode: 'remote', printer: 2 }, remember: true });
  });
});

function Harness({ totalPages }: { totalPages?: number }) {
  const { print, dialogs } = usePrintDocument();
  const load = async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' });
  return (
    <>
      <Button onClick={() => void print({ fileName: 'declaracao.pdf', load, totalPages })}>Documento</Button>
      {dialogs}
    </>
  );
}

function stubBlobUrls() {
  const created = vi.fn(() => 'blob:pdf');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
  return created;
}

describe('usePrintDocument', () => {
  it('asks how to print when nothing is remembered; Download with SIM saves the file and the choice (POST config)', async () => {
    const api = mockApi([mockContract(printingContracts.getConfig, { body: {} }), mockContract(printingContracts.saveConfig, { status: 204 })]);
    const created = stubBlobUrls();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<Harness />, { session: sessionFor(staffRoles) });
    await user.click(screen.getByRole('button', { name: 'Documento' }));
    const dialog = await screen.findByRole('dialog', { name: printingTexts.choiceTitle });
    await user.click(within(dialog).getByRole('switch', { name: printingTexts.remember }));
    await user.click(within(dialog).getByRole('button', { name: printingTexts.ok }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    expect(api.callsTo(printingContracts.saveConfig)[0]?.body).toEqual({ printChoice: { mode: 'download' } });
    // The second print uses the remembered choice without asking.
    await user.click(screen.getByRole('button', { name: 'Documento' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog', { name: printingTexts.choiceTitle })).toBeNull();
  });

  it('a remembered Navegador opens the PDF in a new tab without any dialog', async () => {
    mockApi([mockContract(printingContracts.getConfig, { body: { printChoice: { mode: 'browser' } } })]);
    stubBlobUrls();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = renderWithProviders(<Harness />, { session: sessionFor(staffRoles) });
    await user.click(screen.getByRole('button', { name: 'Documento' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:pdf', '_blank', 'noopener'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a remembered remote printer asks the range, then queues the PDF on the server and says so', async () => {
    const api = mockApi([
      mockContract(printingContracts.getConfig, { body: { printChoice: { mode: 'remote', printer: 2 } } }),
      mockContract(printingContracts.enqueue, { status: 202, body: { id: 7, status: 'queued' } }),
    ]);
    const { user } = renderWithProviders(<Harness totalPages={3} />, { session: sessionFor(staffRoles), notifications: true });
    await user.click(screen.getByRole('button', { name: 'Documento' }));
    const dialog = await screen.findByRole('dialog', { name: printingTexts.rangeTitle });
    expect(screen.queryByRole('dialog', { name: printingTexts.choiceTitle })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: printingTexts.range }));
    fireEvent.change(within(dialog).getByLabelText(printingTexts.to), { target: { value: '2' } });
    await user.click(printButton());
    expect(await screen.findByText(printingTexts.sent)).toBeInTheDocument();
    const call = api.fetchMock.mock.calls.find(([url]) => String(url).includes('impressao'))!;
    expect(String(call[0])).toBe('/api/v1/impressao?printer=2&start=1&end=2');
    expect(call[1]?.body).toBeInstanceOf(FormData);
  });

  it("a queue that answers 'failed' says so; a refusal shows the server's message", async () => {
    const enqueue = { status: 202, body: { id: 8, status: 'failed' } as unknown };
    mockApi([
      mockContract(printingContracts.getConfig, { body: { printChoice: { mode: 'remote', printer: 1 } } }),
      mockContract(printingContracts.enqueue, () => enqueue),
    ]);
    const { user } = renderWithProviders(<Harness />, { session: sessionFor(staffRoles), notifications: true });
    await user.click(screen.getByRole('button', { name: 'Documento' }));
    await user.click(printButton());
    expect(await screen.findByText(printingTexts.failed)).toBeInTheDocument();
    Object.assign(enqueue, { status: 400, body: { message: 'Intervalo de páginas inválido' } });
    await user.click(screen.getByRole('button', { name: 'Documento' }));
    await user.click(printButton());
    expect(await screen.findByText('Intervalo de páginas inválido')).toBeInTheDocument();
  });
});

describe('PrintQueueTable', () => {
  it('lists the queue with printer names, status and error', async () => {
    mockApi([
      mockContract(printingContracts.list, {
        body: [
          {
            id: 2,
            fileId: 'f',
            fileName: 'extrato.pdf',
            printer: 2,
            userId: 1,
            userName: 'Ana Souza',
            rangeStart: null,
            rangeEnd: null,
            status: 'failed',
            error: 'IPP 0x040a',
            createdAt: '2026-03-01T12:00:00.000Z',
            sentAt: null,
          },
        ],
      }),
    ]);
    renderWithProviders(<PrintQueueTable />, { session: sessionFor(['v2access', 'superadmin']) });
    const row = (await screen.findByText('extrato.pdf')).closest('tr')!;
    expect(within(row).getByText('Brother')).toBeInTheDocument();
    expect(within(row).getByText('Ana Souza')).toBeInTheDocument();
    expect(within(row).getByText('Falhou')).toBeInTheDocument();
    expect(within(row).getByText('IPP 0x040a')).toBeInTheDocument();
  });
});

describe('accessibility of the dialogs (axe-core, WCAG 2.1 A/AA; no screen shows them yet)', () => {
  it('has no critical or serious violation in either dialog', async () => {
    renderWithProviders(
      <>
        <PrintRangeDialog opened onClose={() => {}} onPrint={() => {}} totalPages={3} />
        <PrintChoiceDialog opened onClose={() => {}} onConfirm={() => {}} />
      </>,
    );
    for (const name of [printingTexts.rangeTitle, printingTexts.choiceTitle]) {
      const dialog = await screen.findByRole('dialog', { name });
      const results = await runAxe(dialog);
      expect(results.passes.length).toBeGreaterThan(0);
      expect(seriousViolations(results)).toEqual([]);
    }
  });
});
