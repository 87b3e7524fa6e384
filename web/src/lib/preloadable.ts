/**
 * `React.lazy` that, once its module has arrived, renders it at once. A plain lazy component
 * suspends on its first render even when its chunk is already loaded (the import's promise
 * settles a tick later), and React then holds the reveal of the content back (its Suspense
 * throttle, up to 300 ms). Preloading the chunk (`preload()`, e.g. while whoami is under way)
 * lets the first render draw the page itself.
 */
import { createElement, lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  preload: () => Promise<Module<P>>;
}

export function preloadable<P extends object>(load: () => Promise<Module<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed chunk (a new release replaced it) may be asked for again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Component(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return { Component, preload };
}
