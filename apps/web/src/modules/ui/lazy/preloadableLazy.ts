import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export type PreloadableLazy<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the module; a failure is ignored here (the component imports again when it renders). */
  preload(): void;
};

/**
 * React.lazy that does not suspend once its module has loaded. React.lazy suspends on the first render even when
 * the import already finished (a promise calls back only in a later microtask), and React 19 then holds the
 * revealed content up to 300 ms after the last fallback (its Suspense throttle): a preloaded panel still cost
 * the member screen ~300 ms. Here the factory answers a thenable that calls back synchronously once the module
 * is in, so a preloaded component renders in the same pass.
 */
export function preloadableLazy<P>(load: Loader<P>): PreloadableLazy<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = null; // the next render tries again
        throw error;
      },
    );
    return pending;
  };
  const component = lazy(() => (loaded ? (syncThenable(loaded) as Promise<{ default: ComponentType<P> }>) : start())) as PreloadableLazy<P>;
  component.preload = () => void start().catch(() => undefined);
  return component;
}

/** A thenable React.lazy reads synchronously: `then` calls back before it returns. */
function syncThenable<T>(value: T) {
  return { then: (resolve: (value: T) => void) => resolve(value) };
}
