import { useMemo, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Group, Paper, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { PostgreSQL, sql as sqlLanguage } from '@codemirror/lang-sql';
import { AppDataTable } from '../ui/components/ScrollTable';
import { formatDateTime, TERMINAL_MAX_ROWS, terminalMessages, type TerminalHistoryItem } from '@assoc/domain';
import { saveBlob } from '../ui/hooks/useBlobDownload';
import { toCsv } from './csv';
import { terminalTexts as t } from './texts';
import { useTerminal } from './useTerminal';

const PAGE_SIZE = 100;
/** One result row for the table: `__row` its index (the id), `c0`, `c1`… its values. */
type Row = Record<string, string | null>;

/** The history's line for one query: when, the outcome, and rows or the message. */
function HistoryEntry({ item, onLoad }: { item: TerminalHistoryItem; onLoad: (sql: string) => void }) {
  const detail = item.outcome === 'ok' ? t.historyRows(item.rowCount ?? 0) : (item.message ?? '');
  return (
    <UnstyledButton
      onClick={() => onLoad(item.sql)}
      title={t.historyLoad}
      p="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', display: 'block', width: '100%' }}
    >
      <Text size="xs">
        {formatDateTime(item.at)} · <strong>{t.outcome[item.outcome]}</strong> · {detail}
      </Text>
      <Text size="sm" ff="monospace" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
        {item.sql}
      </Text>
    </UnstyledButton>
  );
}

/**
 * Avançado → Terminal (decision 14): the SQL editor (highlighting, completion of the readable tables and columns,
 * Ctrl+Enter runs), the result table with its CSV export, and the user's history (a click loads a query).
 */
export function TerminalScreen() {
  const terminal = useTerminal();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);

  const run = () => {
    setPage(1);
    terminal.run(text);
  };
  /** Ctrl+Enter (⌘+Enter) runs the query: caught before the editor, whose own Mod-Enter would insert a line. */
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      run();
    }
  };

  const tables = terminal.tables;
  const extensions = useMemo(
    () => [
      sqlLanguage({ dialect: PostgreSQL, upperCaseKeywords: false, schema: Object.fromEntries(tables.map((tb) => [tb.name, tb.columns])) }),
      EditorView.contentAttributes.of({ 'aria-label': t.editorLabel }),
      EditorView.lineWrapping,
    ],
    [tables],
  );

  const result = terminal.result;
  const records = useMemo<Row[]>(
    () =>
      (result?.rows ?? []).map((row, index) => {
        const record: Row = { __row: String(index) };
        row.forEach((value, column) => {
          record[`c${column}`] = value;
        });
        return record;
      }),
    [result],
  );
  const columns = (result?.columns ?? []).map((column, index) => ({
    accessor: `c${index}`,
    title: column.name,
    render: (record: Row) =>
      record[`c${index}`] ?? (
        <Text c="dimmed" size="sm" span>
          NULL
        </Text>
      ),
  }));

  const exportCsv = () => {
    if (!result) return;
    saveBlob(
      new Blob(
        [
          toCsv(
            result.columns.map((c) => c.name),
            result.rows,
          ),
        ],
        { type: 'text/csv;charset=utf-8' },
      ),
      t.csvName,
    );
  };

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm">{t.intro}</Text>
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }} onKeyDownCapture={onKeyDownCapture}>
          <CodeMirror
            value={text}
            onChange={setText}
            extensions={extensions}
            placeholder={t.placeholder}
            minHeight="160px"
            maxHeight="360px"
            basicSetup={{ foldGutter: false }}
          />
        </Paper>
        <Group gap="sm">
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={run} loading={terminal.running} disabled={!text.trim()}>
            {t.run}
          </Button>
          <Text size="xs">{t.runHint}</Text>
          {result && (
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv} disabled={result.rows.length === 0}>
              {t.exportCsv}
            </Button>
          )}
        </Group>
        {terminal.error && (
          <Alert color="red" variant="light" role="alert" styles={{ message: { whiteSpace: 'pre-wrap' } }}>
            {terminal.error}
          </Alert>
        )}
        {result && (
          <Stack gap="xs" aria-label={t.result} component="section">
            <Text size="sm" role="status">
              {t.summary(result.rowCount, result.elapsedMs)}
            </Text>
            {result.truncated && (
              <Alert color="yellow" variant="light">
                {result.sizeLimited ? terminalMessages.sizeLimited(result.rowCount) : terminalMessages.truncated(TERMINAL_MAX_ROWS)}
              </Alert>
            )}
            {result.columns.length > 0 && (
              <AppDataTable<Row>
                label={t.result}
                withTableBorder
                borderRadius="md"
                striped
                minHeight={120}
                records={records.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
                idAccessor="__row"
                noRecordsText={t.noRows}
                totalRecords={records.length}
                recordsPerPage={PAGE_SIZE}
                page={page}
                onPageChange={setPage}
                paginationText={({ from, to, totalRecords }) => `${from}-${to} de ${totalRecords}`}
                columns={columns}
              />
            )}
          </Stack>
        )}
      </Stack>
      <Paper withBorder radius="md" w={320} style={{ flexShrink: 0 }} component="aside" aria-labelledby="terminal-history">
        <Title order={2} size="h5" p="xs" id="terminal-history">
          {t.history}
        </Title>
        <ScrollArea.Autosize mah={560}>
          {terminal.historyError && (
            <Alert color="red" variant="light" role="alert">
              {terminal.historyError}
            </Alert>
          )}
          {terminal.history.length === 0 && !terminal.historyError ? (
            <Text size="sm" p="xs">
              {t.historyEmpty}
            </Text>
          ) : (
            terminal.history.map((item) => <HistoryEntry key={item.id} item={item} onLoad={setText} />)
          )}
        </ScrollArea.Autosize>
      </Paper>
    </Group>
  );
}
