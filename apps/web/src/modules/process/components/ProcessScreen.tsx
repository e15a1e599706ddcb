import { useState } from 'react';
import { ActionIcon, Button, Grid, Group, Paper, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import {
  IconFileTypePdf,
  IconFolderPlus,
  IconMail,
  IconMailOpened,
  IconPencil,
  IconSearch,
  IconTrash,
  IconTransfer,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatCnj, processContracts, processOrderBy, type Movement, type ProcessFolder, type ProcessOrderBy } from '@assoc/domain';
import { callApi, queryKeyOf } from '../../../app/client';
import { openConfirmDialog } from '../../ui/confirm';
import { PageTitle } from '../../ui/components/PageTitle';
import { useBlobDownload } from '../../ui/hooks/useBlobDownload';
import { notifyError } from '../../ui/notify';
import { refusalOf, useProcessBrowser, type BrowsedRow } from '../hooks/useProcessBrowser';
import { processTexts } from '../texts';
import { flattenFolders, FolderTree } from './FolderTree';
import { FolderModal } from './FolderModal';
import { MoveModal } from './MoveModal';
import { MovementList } from './MovementList';
import { PdfViewer, type PdfOpener } from './PdfViewer';
import { ProcessList } from './ProcessList';
import { SearchFacets } from './SearchFacets';
import { UploadModal } from './UploadModal';

type Dialog = { kind: 'newFolder' } | { kind: 'rename'; folder: ProcessFolder } | { kind: 'move'; process: BrowsedRow } | { kind: 'upload' } | null;

/**
 * /processo (spec 3 §2.13; issue 15): the folder tree, the folder's processes, the selected process's movements
 * and its PDF beside them; the search mode (query, facets, ordering); folder and process actions; live updates.
 */
export function ProcessScreen({ title, openPdf }: { title: string; openPdf?: PdfOpener }) {
  const browser = useProcessBrowser();
  const { state } = browser;
  const [text, setText] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const { download } = useBlobDownload();
  const folders = state.pastas.items;
  const selectedFolder = flattenFolders(folders).find(({ folder }) => folder.pastaId === state.selectedPastaId)?.folder ?? null;
  const selected = state.selectedProcess;

  const closeSearch = () => {
    setText('');
    browser.closeSearch();
  };
  const deleteFolder = (folder: ProcessFolder) =>
    openConfirmDialog({
      title: processTexts.deleteFolder,
      message: processTexts.deleteFolderQuestion(folder.nome),
      danger: true,
      onConfirm: () => {
        callApi(processContracts.deleteFolder, { params: { pastaId: folder.pastaId } }).then(
          () => {
            browser.refreshAll();
            if (browser.inbox) browser.selectFolder(browser.inbox.pastaId);
          },
          (error: unknown) => {
            const message = refusalOf(error);
            if (message) notifyError(message, processTexts.deleteFolder);
          },
        );
      },
    });
  const setRead = (row: BrowsedRow, lido: boolean) =>
    callApi(processContracts.markRead, { params: { proId: row.proId }, body: { lido } }).then(
      () => {
        browser.changed({ ...row, lido });
        browser.refreshAll();
      },
      (error: unknown) => {
        const message = refusalOf(error);
        if (message) notifyError(message);
      },
    );
  const openDocument = (movement: Movement) =>
    void download(() => callApi(processContracts.movementDocument, { params: { andId: movement.andId } }), movement.documento ?? 'documento.pdf');

  const listHeading = state.searchMode
    ? state.processos.status === 'loaded'
      ? processTexts.resultCount(state.facets?.total ?? state.processos.items.length)
      : processTexts.searchButton
    : (selectedFolder?.nome ?? processTexts.processes);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageTitle>{title}</PageTitle>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <form
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              browser.search(text);
            }}
          >
            <Group gap={4} align="flex-end" wrap="nowrap">
              <TextInput
                aria-label={processTexts.searchLabel}
                placeholder={processTexts.searchPlaceholder}
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                maxLength={200}
                w={300}
                leftSection={<IconSearch size={16} aria-hidden />}
              />
              <Button type="submit">{processTexts.searchButton}</Button>
              {state.searchMode && (
                <Button variant="default" leftSection={<IconX size={16} aria-hidden />} onClick={closeSearch}>
                  {processTexts.closeSearch}
                </Button>
              )}
            </Group>
          </form>
          <Button
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'upload' })}
            disabled={!folders.length}
          >
            {processTexts.upload}
          </Button>
        </Group>
      </Group>

      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder p="xs">
            <Group justify="space-between" mb={4}>
              <Title order={2} size="h5">
                {processTexts.folders}
              </Title>
              <Group gap={2}>
                <Tooltip label={processTexts.newFolder}>
                  <ActionIcon variant="subtle" aria-label={processTexts.newFolder} onClick={() => setDialog({ kind: 'newFolder' })}>
                    <IconFolderPlus size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={processTexts.renameFolder}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={processTexts.renameFolder}
                    disabled={!selectedFolder || selectedFolder.inbox}
                    onClick={() => selectedFolder && setDialog({ kind: 'rename', folder: selectedFolder })}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={processTexts.deleteFolder}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={processTexts.deleteFolder}
                    disabled={!selectedFolder || selectedFolder.inbox}
                    onClick={() => selectedFolder && deleteFolder(selectedFolder)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
            <FolderTree
              folders={folders}
              selectedId={state.searchMode ? null : state.selectedPastaId}
              inboxUnread={browser.inbox?.naoLidos ?? null}
              onSelect={(pastaId) => {
                setText('');
                browser.selectFolder(pastaId);
              }}
            />
          </Paper>
          {state.searchMode && state.facets && (
            <Paper withBorder p="xs" mt="sm">
              <SearchFacets facets={state.facets.facets} filter={state.filter} onChange={browser.setFilter} />
            </Paper>
          )}
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: state.pdfOpen ? 4 : 9 }}>
          <Stack gap="sm">
            <Paper withBorder p="xs">
              <Group justify="space-between" mb={4} wrap="nowrap">
                <Title order={2} size="h5">
                  {listHeading}
                </Title>
                {state.searchMode && (
                  <Select
                    aria-label={processTexts.orderLabel}
                    size="xs"
                    w={220}
                    data={processOrderBy.map((value) => ({ value, label: processTexts.orders[value] }))}
                    value={state.orderby}
                    onChange={(value) => value && browser.setOrder(value as ProcessOrderBy)}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              </Group>
              <ProcessList
                rows={state.processos.items}
                selectedProId={state.selectedProId}
                loading={state.processos.status === 'loading'}
                hasMore={state.processos.hasMore}
                emptyText={
                  state.searchMode ? processTexts.noResults : state.selectedPastaId === null ? processTexts.chooseFolder : processTexts.noProcesses
                }
                onSelect={browser.selectProcess}
                onMore={browser.moreRows}
              />
            </Paper>

            <Paper withBorder p="xs" component="section" aria-label={processTexts.movements}>
              <Group justify="space-between" mb={4} wrap="wrap" gap="xs">
                <Title order={2} size="h5">
                  {processTexts.movements}
                  {selected && (
                    <Text span ff="monospace" fw={400} size="sm" ml="xs">
                      {formatCnj(selected.numero)}
                    </Text>
                  )}
                </Title>
                {selected && (
                  <Group gap={4} role="toolbar" aria-label={processTexts.actions}>
                    <Button
                      size="compact-sm"
                      variant={state.pdfOpen ? 'filled' : 'light'}
                      leftSection={<IconFileTypePdf size={16} aria-hidden />}
                      disabled={!selected.temPdf}
                      onClick={browser.openPdf}
                    >
                      {processTexts.openPdf}
                    </Button>
                    <Tooltip label={selected.lido ? processTexts.markUnread : processTexts.markRead}>
                      <ActionIcon
                        variant="default"
                        aria-label={selected.lido ? processTexts.markUnread : processTexts.markRead}
                        onClick={() => void setRead(selected, !selected.lido)}
                      >
                        {selected.lido ? <IconMail size={16} aria-hidden /> : <IconMailOpened size={16} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={processTexts.move}>
                      <ActionIcon variant="default" aria-label={processTexts.move} onClick={() => setDialog({ kind: 'move', process: selected })}>
                        <IconTransfer size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
              {selected || state.selectedProId !== null ? (
                <MovementList movements={state.andamentos.items} loading={state.andamentos.status === 'loading'} onDocument={openDocument} />
              ) : (
                <Text size="sm" c="dimmed" p="xs">
                  {processTexts.chooseProcess}
                </Text>
              )}
            </Paper>
          </Stack>
        </Grid.Col>

        {state.pdfOpen && selected && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ProcessPdf proId={selected.proId} numero={selected.numero} onClose={browser.closePdf} open={openPdf} />
          </Grid.Col>
        )}
      </Grid>

      {dialog?.kind === 'newFolder' && (
        <FolderModal
          folders={folders}
          parentId={selectedFolder && !selectedFolder.inbox ? selectedFolder.pastaId : null}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            browser.refreshAll();
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <FolderModal
          folders={folders}
          folder={dialog.folder}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            browser.refreshAll();
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveModal
          folders={folders}
          process={dialog.process}
          onClose={() => setDialog(null)}
          onMoved={() => {
            setDialog(null);
            browser.refreshAll();
          }}
        />
      )}
      {dialog?.kind === 'upload' && (
        <UploadModal
          folders={folders}
          pastaId={selectedFolder?.pastaId ?? browser.inbox?.pastaId ?? null}
          onClose={() => setDialog(null)}
          onUploaded={() => {
            setDialog(null);
            browser.refreshAll();
          }}
        />
      )}
    </Stack>
  );
}

/** The selected process's PDF in the viewer (fetched with the session, as a Blob). */
function ProcessPdf({ proId, numero, onClose, open }: { proId: number; numero: string; onClose: () => void; open?: PdfOpener }) {
  const pdf = useQuery({
    queryKey: queryKeyOf(processContracts.pdf, { params: { proId } }),
    queryFn: ({ signal }) => callApi(processContracts.pdf, { params: { proId } }, { signal }),
    gcTime: 30_000,
  });
  return (
    <PdfViewer
      blob={pdf.data ?? null}
      loading={pdf.isFetching}
      error={pdf.error ? pdf.error.message : null}
      fileName={`${formatCnj(numero)}.pdf`}
      label={processTexts.pdfOf(formatCnj(numero))}
      onClose={onClose}
      open={open}
    />
  );
}
