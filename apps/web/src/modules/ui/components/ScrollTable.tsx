import { Table, type TableScrollContainerProps } from '@mantine/core';
import { DataTable, type DataTableProps } from 'mantine-datatable';
import { useScrollFocus } from '../hooks/useScrollFocus';

/** The name the scroll area takes while it overflows (defaults to the table's caption). */
interface ScrollLabel {
  label?: string;
}

/**
 * Table.ScrollContainer of the app: while its table is wider than the screen, the scroll area is a Tab stop
 * named by `label` or the table's caption (axe scrollable-region-focusable); a table that fits adds none.
 */
export function ScrollTable({ label, scrollAreaProps, ...props }: TableScrollContainerProps & ScrollLabel) {
  const focus = useScrollFocus(label);
  return (
    <Table.ScrollContainer
      {...props}
      scrollAreaProps={{ ...scrollAreaProps, viewportRef: focus.ref, viewportProps: { ...scrollAreaProps?.viewportProps, ...focus.viewportProps } }}
    />
  );
}

/** mantine-datatable's DataTable of the app: its scroll area takes the focus only while it overflows, as ScrollTable's. */
export function AppDataTable<T>({ label, ...props }: DataTableProps<T> & ScrollLabel) {
  const focus = useScrollFocus(label);
  const table = props as DataTableProps<T>;
  return (
    <DataTable<T>
      {...table}
      scrollViewportRef={focus.ref}
      scrollAreaProps={{ ...table.scrollAreaProps, viewportProps: { ...table.scrollAreaProps?.viewportProps, ...focus.viewportProps } }}
    />
  );
}
