import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadableLazy';

function Panel({ name }: { name: string }) {
  return <p>painel {name}</p>;
}

let fallbackRenders = 0;
function Fallback() {
  fallbackRenders++;
  return <p>carregando</p>;
}

const renderIn = (Component: React.ComponentType<{ name: string }>) =>
  render(
    <Suspense fallback={<Fallback />}>
      <Component name="A" />
    </Suspense>,
  );

describe('preloadableLazy', () => {
  it('renders a preloaded component in the same pass, without the Suspense fallback', async () => {
    const load = vi.fn(async () => ({ default: Panel }));
    const Lazy = preloadableLazy(load);
    Lazy.preload();
    await act(async () => {}); // the import finishes
    fallbackRenders = 0;
    renderIn(Lazy);
    expect(screen.getByText('painel A')).toBeTruthy(); // synchronously, no await
    expect(fallbackRenders).toBe(0);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without a preload, suspends once and then renders (the module is loaded once)', async () => {
    const load = vi.fn(async () => ({ default: Panel }));
    const Lazy = preloadableLazy(load);
    fallbackRenders = 0;
    renderIn(Lazy);
    expect(screen.getByText('carregando')).toBeTruthy();
    expect(fallbackRenders).toBeGreaterThan(0);
    expect(await screen.findByText('painel A')).toBeTruthy();
    Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is ignored and the next render imports again', async () => {
    const load = vi.fn<() => Promise<{ default: typeof Panel }>>().mockRejectedValueOnce(new Error('rede')).mockResolvedValue({ default: Panel });
    const Lazy = preloadableLazy(load);
    Lazy.preload();
    await act(async () => {});
    renderIn(Lazy);
    expect(await screen.findByText('painel A')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
