import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildCnj, formatCnj, type ProcessFolder, processContracts } from '@assoc/domain';
import { mockApi, mockContract } from '../../../test/api-mock';
import { sessionFor } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { UPLOAD_FAILED } from '../texts';
import { UploadModal } from './UploadModal';

const folders: ProcessFolder[] = [{ pastaId: 1, nome: 'Caixa de entrada', parentId: null, inbox: true, total: 0, naoLidos: 0, children: [] }];

/** Fills the dialog, picks a file and presses Ok (the upload answers what the test's route says). */
async function submit(reply: { status: number; body?: unknown }) {
  const api = mockApi([mockContract(processContracts.upload, () => reply)]);
  const onUploaded = vi.fn();
  const { user } = renderWithProviders(<UploadModal folders={folders} pastaId={1} onUploaded={onUploaded} onClose={() => {}} />, {
    session: sessionFor(['v2menuprocesso']),
    notifications: true,
  });
  const dialog = await screen.findByRole('dialog', { name: 'Enviar processo' });
  await user.type(
    within(dialog).getByRole('textbox', { name: /Número CNJ/ }),
    formatCnj(buildCnj({ sequence: 42, year: 2021, segment: 8, court: 26, origin: 100 })),
  );
  await user.type(within(dialog).getByRole('textbox', { name: /Tribunal/ }), 'TJSP');
  await user.type(within(dialog).getByRole('textbox', { name: /Classe/ }), 'Procedimento Comum Cível');
  await user.type(within(dialog).getByRole('textbox', { name: /Assunto/ }), 'Indenização');
  await user.type(within(dialog).getByRole('textbox', { name: /Partes/ }), 'Autor: José');
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['texto simples'], 'notas.txt', { type: 'application/pdf' }));
  await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
  await waitFor(() => expect(api.callsTo(processContracts.upload)).toHaveLength(1));
  return { dialog, onUploaded };
}

describe('Enviar processo (issue 22 item 14)', () => {
  it("shows the server's message when the file is refused as not a PDF (415), and keeps the dialog open", async () => {
    const { dialog, onUploaded } = await submit({ status: 415, body: { message: 'Tipo de arquivo não permitido' } });
    expect(await screen.findByText('Tipo de arquivo não permitido')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("shows the spec's upload message when a refusal carries no message", async () => {
    await submit({ status: 415 });
    expect(await screen.findByText(UPLOAD_FAILED)).toBeInTheDocument();
  });
});
