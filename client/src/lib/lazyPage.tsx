import { lazy, type ComponentType } from 'react';

export interface LazyPage {
  Page: ComponentType;
  /** Loads the page's code; once loaded, Page renders it straight away. */
  preload: () => Promise<unknown>;
}

/**
 * A page (or a part of one) whose code is split off. Through lazy() alone it would suspend once even when its code
 * is already here: the server (which loads every page before rendering) and the browser (which
 * loads the page it hydrates first, entry-client.tsx) render it at once instead.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed load may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload };
}
