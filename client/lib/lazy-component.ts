/** Code in its own chunk, rendered where it is used once its module has arrived (screens, the frame, the rich-text editor). */
import { createElement, startTransition, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';
import { firstScreenSettled, hasFirstScreenSettled } from './perf-marks';

/**
 * A render of the calling component, asked for as a transition (React renders the arrived code in
 * slices, yielding to input and paint). Each call counts, unlike setting a flag: a flag already set by
 * an earlier arrival, whose transition committed while the screen still waited for another, made React
 * skip the next arrival's render, and the splash stayed for good (a navigation right after sign-in).
 */
export function useRenderOnArrival(): () => void {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  return () => startTransition(arrived);
}

/**
 * A component in its own chunk, loaded on first need or ahead (`preload`, when the user heads for it
 * or while the session is restored). Until its module is there, `fallback` shows, and the component
 * renders in the same commit the module arrives in. Not React.lazy: React holds a Suspense boundary's
 * content back for up to 300 ms after its fallback showed, which made every first visit of a screen
 * visibly late. A chunk that cannot be loaded throws to the nearest error boundary.
 *
 * `when: 'on-demand'`: rendering does not load the chunk; the fallback (which must work on its own)
 * calls `preload` when the user heads for it, and every place showing the fallback then waits for it.
 *
 * `when: 'after-first-paint'`: rendering loads the chunk only once the page load's first screen has
 * painted and settled (`firstScreenSettled`), for a screen's lower parts: the screen's largest paint
 * then waits neither for their chunks nor for their first render. Later visits load it at once.
 */
export function lazyComponent<P extends object, M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  fallback: (props: P) => ReactNode = () => null,
  { when = 'rendered' }: { when?: 'rendered' | 'on-demand' | 'after-first-paint' } = {},
) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  /** Places showing the fallback of an on-demand chunk, woken when someone asks for it. */
  const waiting = new Set<() => void>();
  const preload = () => {
    if (!loading) {
      loading = load().then(
        (m) => (loaded = m[name] as ComponentType<P>),
        (e) => {
          // A failed chunk load (offline, a new deploy) may be tried again.
          loading = null;
          throw e;
        },
      );
      for (const wake of waiting) wake();
    }
    return loading;
  };
  function Loaded(props: P) {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const renderArrived = useRenderOnArrival();
    const [asked, setAsked] = useState(() => when === 'rendered' || loading !== null || (when === 'after-first-paint' && hasFirstScreenSettled()));
    const showsFallback = !loaded;
    useEffect(() => {
      if (asked || !showsFallback || when !== 'after-first-paint') return;
      let live = true;
      void firstScreenSettled.then(() => live && setAsked(true));
      return () => {
        live = false;
      };
    }, [asked, showsFallback]);
    useEffect(() => {
      if (asked || !showsFallback) return;
      const wake = () => setAsked(true);
      waiting.add(wake);
      // Asked for between this render and the effect.
      if (loading) wake();
      return () => void waiting.delete(wake);
    }, [asked, showsFallback]);
    useEffect(() => {
      // The module may have arrived between this render and the effect: render again then too.
      if (!showsFallback || !asked) return;
      let live = true;
      preload().then(
        () => live && renderArrived(),
        // An on-demand chunk's fallback works on its own: it stays, and the next ask tries again.
        (error: unknown) => live && (when === 'on-demand' ? setAsked(false) : setFailure({ error })),
      );
      return () => {
        live = false;
      };
    }, [showsFallback, asked]);
    if (failure) throw failure.error;
    return loaded ? createElement(loaded, props) : fallback(props);
  }
  Loaded.preload = preload;
  /** Whether the module is there: a caller may then render it in the same event, as any other component. */
  Loaded.isLoaded = () => loaded !== null;
  /** The name its module exports it by: the build finds a screen's chunk by it (vite/route-preloads.ts). */
  Loaded.moduleExport = name;
  return Loaded;
}
