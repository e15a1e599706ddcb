import type { ReactNode } from 'react';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { formatFollowUpDate } from '@assoc/domain';
import { useFollowUpLists } from '../hooks/useFollowUpLists';
import { FollowUpStatusIcon } from './FollowUpStatusIcon';
import { ScrollTable } from '../../ui/components/ScrollTable';

/** The fields a row of either table shows. */
export interface FollowUpRowView {
  atdId?: number;
  atdData?: string | null;
  atdTipo?: number | null;
  atdDepartamento?: number | null;
  atdAssunto?: number | null;
  custName?: string | null;
  atdTitulo?: string | null;
  atdCriadoPor?: string | null;
  atdStatus?: number | null;
}

interface FollowUpTableProps<R extends FollowUpRowView> {
  rows: readonly R[];
  /** The Associado column (the /acompanhamento list; the member's tab leaves it out). */
  withMember?: boolean;
  /** The actions cell of a row (edit, delete…), or nothing. */
  actions?: (row: R, index: number) => ReactNode;
  /** Extra props of a row (its marker's colour in the member's tab). */
  rowProps?: (row: R, index: number) => Record<string, unknown>;
  empty: string;
  caption: string;
}

/**
 * The follow-up columns of spec 2 §2.9: Data (UTC, DD/MM/YYYY HH:mm:ss), Tipo, Departamento, Assunto, Associado,
 * Observação, Criado Por, Situação (its name) and the status icon.
 */
export function FollowUpTable<R extends FollowUpRowView>({ rows, withMember, actions, rowProps, empty, caption }: FollowUpTableProps<R>) {
  const lists = useFollowUpLists();
  const columns = 8 + (withMember ? 1 : 0) + (actions ? 1 : 0);
  return (
    <ScrollTable minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Departamento</Table.Th>
            <Table.Th>Assunto</Table.Th>
            {withMember ? <Table.Th>Associado</Table.Th> : null}
            <Table.Th>Observação</Table.Th>
            <Table.Th>Criado Por</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ícone da situação</VisuallyHidden>
            </Table.Th>
            {actions ? (
              <Table.Th>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text size="sm">{empty}</Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row, index) => {
              const status = lists.label('statuses', row.atdStatus);
              return (
                <Table.Tr key={row.atdId ?? `new-${index}`} {...(rowProps?.(row, index) ?? {})}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFollowUpDate(row.atdData)}</Table.Td>
                  <Table.Td>{lists.label('types', row.atdTipo)}</Table.Td>
                  <Table.Td>{lists.label('departments', row.atdDepartamento)}</Table.Td>
                  <Table.Td>{lists.label('subjects', row.atdAssunto)}</Table.Td>
                  {withMember ? <Table.Td>{row.custName}</Table.Td> : null}
                  <Table.Td>{row.atdTitulo}</Table.Td>
                  <Table.Td>{row.atdCriadoPor}</Table.Td>
                  <Table.Td>{status}</Table.Td>
                  <Table.Td>
                    <FollowUpStatusIcon status={Number(row.atdStatus)} label={status} />
                  </Table.Td>
                  {actions ? <Table.Td style={{ whiteSpace: 'nowrap' }}>{actions(row, index)}</Table.Td> : null}
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
