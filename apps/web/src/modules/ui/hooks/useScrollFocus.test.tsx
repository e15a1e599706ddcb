import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Table } from '@mantine/core';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { runAxe, seriousViolations } from '../../../test/axe';
import { AppDataTable, ScrollTable } from '../components/ScrollTable';
import { useScrollFocus } from './useScrollFocus';

/** The sizes happy-dom does not lay out: what the viewport shows and what its content needs. */
const size = { clientWidth: 400, scrollWidth: 400, clientHeight: 200, scrollHeight: 200 };
const measured = ['clientWidth', 'scrollWidth', 'clientHeight', 'scrollHeight'] as const;

/** ResizeObserver's callbacks, called by the test as a browser would on a resize. */
let resized: (() => void)[] = [];
class FakeResizeObserver {
  private readonly callback: () => void;
  constructor(callback: (entries: ResizeObserverEntry[], observer: unknown) => void) {
    this.callback = () => callback([], this);
  }
  observe() {
    if (!resized.includes(this.callback)) resized.push(this.callback);
  }
  unobserve() {}
  disconnect() {
    resized = resized.filter((c) => c !== this.callback);
  }
}

beforeEach(() => {
  // Spied, not redefined: restoring puts happy-dom's own getters back for the test files that run after this one.
  for (const key of measured) vi.spyOn(HTMLElement.prototype, key, 'get').mockImplementation(() => size[key]);
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  resized = [];
  Object.assign(size, { clientWidth: 400, scrollWidth: 400, clientHeight: 200, scrollHeight: 200 });
});

function Viewport({ label, caption }: { label?: string; caption?: string }) {
  const { ref, viewportProps } = useScrollFocus(label);
  return (
    <div ref={ref} data-testid="viewport" {...viewportProps}>
      <table>{caption ? <caption>{caption}</caption> : null}</table>
    </div>
  );
}

const resize = (next: Partial<typeof size>) =>
  act(() => {
    Object.assign(size, next);
    for (const callback of resized) callback();
  });

describe('useScrollFocus', () => {
  it('adds no Tab stop while the content fits', () => {
    render(<Viewport label="Resultado" />);
    const viewport = screen.getByTestId('viewport');
    expect(viewport).not.toHaveAttribute('tabindex');
    expect(viewport).not.toHaveAttribute('role');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('makes an overflowing viewport a named, focusable region', () => {
    size.scrollWidth = 900;
    render(<Viewport label="Resultado" />);
    const region = screen.getByRole('region', { name: 'Resultado' });
    expect(region).toHaveAttribute('tabindex', '0');
    region.focus();
    expect(region).toHaveFocus();
  });

  it('follows the resizes: a Tab stop while it overflows, none once it fits again', () => {
    render(<Viewport label="Resultado" />);
    expect(resized.length).toBeGreaterThan(0);
    resize({ clientWidth: 320 });
    expect(screen.getByRole('region', { name: 'Resultado' })).toHaveAttribute('tabindex', '0');
    resize({ clientWidth: 1200, scrollWidth: 1200 });
    expect(screen.getByTestId('viewport')).not.toHaveAttribute('tabindex');
  });

  it('counts a taller content too, and ignores a rounding pixel', () => {
    size.scrollWidth = 401;
    render(<Viewport label="Resultado" />);
    expect(screen.getByTestId('viewport')).not.toHaveAttribute('tabindex');
    resize({ scrollHeight: 600 });
    expect(screen.getByTestId('viewport')).toHaveAttribute('tabindex', '0');
  });

  it("names the region by its table's caption when given no label, and stays unnamed without either", () => {
    size.scrollWidth = 900;
    const { unmount } = render(<Viewport caption="Fechamentos realizados" />);
    expect(screen.getByRole('region', { name: 'Fechamentos realizados' })).toHaveAttribute('tabindex', '0');
    unmount();
    render(<Viewport />);
    const viewport = screen.getByTestId('viewport');
    expect(viewport).toHaveAttribute('tabindex', '0');
    expect(viewport).not.toHaveAttribute('role');
  });
});

describe('the ui table wrappers', () => {
  const rows = [{ id: 1, nome: 'Ana' }];

  it('AppDataTable and ScrollTable put the Tab stop on their scroll viewport only while it overflows', async () => {
    const view = renderWithProviders(
      <>
        <AppDataTable label="Pessoas" records={rows} columns={[{ accessor: 'nome', title: 'Nome' }]} />
        <ScrollTable minWidth={600}>
          <Table>
            <Table.Caption>Cobranças</Table.Caption>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>1</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(view.container.querySelector('[tabindex="0"]')).toBeNull();
    resize({ clientWidth: 320 });
    const table = screen.getByRole('region', { name: 'Pessoas' });
    const scroll = screen.getByRole('region', { name: 'Cobranças' });
    for (const region of [table, scroll]) {
      expect(region).toHaveAttribute('tabindex', '0');
      expect(region.className).toContain('ScrollArea-viewport'); // Mantine's scrolling element, not an outer box
    }
    expect(seriousViolations(await runAxe(view.container))).toEqual([]);
  });
});
