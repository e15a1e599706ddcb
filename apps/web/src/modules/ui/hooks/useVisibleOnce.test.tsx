import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useVisibleOnce } from './useVisibleOnce';

/** A stand-in for the browser's IntersectionObserver (happy-dom's never calls back): the test says when an element shows. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  disconnect() {
    this.disconnected = true;
    this.targets.clear();
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  show(isIntersecting: boolean) {
    const entries = [...this.targets].map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function Chart() {
  const [ref, visible] = useVisibleOnce<HTMLDivElement>();
  return (
    <div ref={ref} role="img" aria-label="gráfico">
      {visible ? <svg data-testid="desenho" /> : null}
    </div>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.all = [];
});

describe('useVisibleOnce', () => {
  it('draws once the element nears the viewport, then stops observing and keeps it drawn', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Chart />);
    expect(screen.getByRole('img', { name: 'gráfico' })).toBeInTheDocument();
    expect(screen.queryByTestId('desenho')).toBeNull();
    const observer = FakeObserver.all.at(-1)!;
    expect(observer.options).toEqual({ rootMargin: '200px' });
    act(() => observer.show(false));
    expect(screen.queryByTestId('desenho')).toBeNull();
    act(() => observer.show(true));
    expect(await screen.findByTestId('desenho')).toBeInTheDocument();
    expect(observer.disconnected).toBe(true);
  });

  it('draws at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Chart />);
    expect(screen.getByTestId('desenho')).toBeInTheDocument();
  });
});
