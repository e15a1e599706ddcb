import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { BusyIndicator } from './BusyIndicator';

describe('BusyIndicator', () => {
  it('announces loading as a busy status, shows a running state as a named image, and hides a decorative one', () => {
    renderWithProviders(
      <>
        <BusyIndicator label="Carregando os processos" />
        <BusyIndicator kind="mark" label="Em execução" />
        <p>
          <BusyIndicator kind="decorative" /> Processando solicitação...
        </p>
      </>,
    );
    const loading = screen.getByRole('status', { name: 'Carregando os processos' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('img', { name: 'Em execução' })).not.toHaveAttribute('aria-busy');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.queryAllByRole('img')).toHaveLength(1);
  });

  it('has no serious or critical axe violation in any of its kinds (the /processo defect: a name with no role)', async () => {
    const { default: axe } = await import('axe-core');
    const { container } = renderWithProviders(
      <main>
        <BusyIndicator />
        <BusyIndicator kind="mark" label="Em execução" />
        <BusyIndicator kind="decorative" />
      </main>,
    );
    const results = await axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.passes.map((p) => p.id)).toContain('aria-allowed-attr');
    const serious = results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
    expect(serious.map((v) => v.id)).toEqual([]);
  });
});
