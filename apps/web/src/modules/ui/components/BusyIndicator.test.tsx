import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { BusyIndicator } from './BusyIndicator';
import { runAxe, seriousViolations } from '../../../test/axe';

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
    const { container } = renderWithProviders(
      <main>
        <BusyIndicator />
        <BusyIndicator kind="mark" label="Em execução" />
        <BusyIndicator kind="decorative" />
      </main>,
    );
    const results = await runAxe(container);
    expect(results.passes.map((p) => p.id)).toContain('aria-allowed-attr');
    expect(seriousViolations(results)).toEqual([]);
  });
});
