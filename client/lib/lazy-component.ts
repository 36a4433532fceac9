/** Code in its own chunk, rendered where it is used once its module has arrived (screens, the frame, the rich-text editor). */
import { createElement, startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component in its own chunk, loaded on first need or ahead (`preload`, when the user heads for it
 * or while the session is restored). Until its module is there, `fallback` shows, and the component
 * renders in the same commit the module arrives in. Not React.lazy: React holds a Suspense boundary's
 * content back for up to 300 ms after its fallback showed, which made every first visit of a screen
 * visibly late. A chunk that cannot be loaded throws to the nearest error boundary.
 */
export function lazyComponent<P extends object, M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, fallback: (props: P) => ReactNode = () => null) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (m) => (loaded = m[name] as ComponentType<P>),
      (e) => {
        // A failed chunk load (offline, a new deploy) may be tried again.
        loading = null;
        throw e;
      },
    ));
  function Loaded(props: P) {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const [, setArrived] = useState(false);
    const showsFallback = !loaded;
    useEffect(() => {
      // The module may have arrived between this render and the effect: render again then too.
      if (!showsFallback) return;
      let live = true;
      preload().then(
        // A transition: React renders the arrived screen in slices, yielding to input and paint in between.
        () => live && startTransition(() => setArrived(true)),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [showsFallback]);
    if (failure) throw failure.error;
    return loaded ? createElement(loaded, props) : fallback(props);
  }
  Loaded.preload = preload;
  return Loaded;
}
