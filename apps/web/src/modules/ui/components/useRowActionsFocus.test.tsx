import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROW_ACTION, useRowActionsFocus } from './useRowActionsFocus';

function Table({ rows }: { rows: string[] }) {
  const nav = useRowActionsFocus();
  const mark = { [ROW_ACTION]: '' };
  return (
    <>
      <button type="button">Novo</button>
      <div {...nav}>
        <table>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <td>{row}</td>
                <td>
                  <button type="button" aria-label={`Editar ${row}`} {...mark} />
                  <button type="button" aria-label={`Apagar ${row}`} {...mark} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button">Depois</button>
    </>
  );
}

describe('useRowActionsFocus (one Tab stop for the row actions)', () => {
  it('Tab reaches the first row action and leaves the table next; the arrows move between rows and actions', async () => {
    const user = userEvent.setup();
    render(<Table rows={['a', 'b', 'c']} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Novo' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Editar a' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Editar c' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Apagar c' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Apagar a' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Depois' })).toHaveFocus();
    // Shift+Tab comes back to the last action used.
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Apagar a' })).toHaveFocus();
  });

  it('keeps one tab stop when rows change', async () => {
    const { rerender } = render(<Table rows={['a', 'b']} />);
    rerender(<Table rows={['a', 'b', 'c', 'd']} />);
    await Promise.resolve();
    const stops = screen.getAllByRole('button').filter((b) => b.hasAttribute(ROW_ACTION) && b.tabIndex === 0);
    expect(stops).toHaveLength(1);
  });
});
