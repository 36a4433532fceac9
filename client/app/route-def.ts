/**
 * What a route is (its path, guard and roles) and how a screen is loaded. Each area's client
 * half declares its routes (client/features/<area>/area.ts, `defineClientArea`); client/app/routes.tsx
 * composes the table.
 */
import { createElement, startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { hasRole, type Role } from '../../schema/roles';
import { LoadingText } from '../ui/Loading';

/**
 * public: signed-in visitors go to /dashboard; open: everyone; signed-in: any role;
 * board: board or superadmin; superadmin: superadmin only.
 */
export type Access = 'public' | 'open' | 'signed-in' | 'board' | 'superadmin';

/** A screen loaded on first need, that can be loaded ahead (`preload`). */
export type PageComponent = ComponentType & { preload: () => Promise<unknown> };

export interface RouteDef {
  path: string;
  access: Access;
  page: ComponentType | PageComponent;
  /** Where an insufficient role goes; the spec's default is /dashboard. */
  denied?: string;
  /** An open route a signed-in user sees inside the app's frame (its navigation), as Support. */
  signedInFrame?: boolean;
}

/** Whether a signed-in user of `role` passes a route's role rule (the guard sends the others to `denied`). */
export const roleMayOpen = (access: Access, role: Role) => (access === 'board' || access === 'superadmin' ? hasRole(role, access) : true);

/**
 * A component in its own chunk, loaded on first need or ahead (`preload`, when the user heads for it
 * or while the session is restored). Until its module is there, `fallback` shows, and the component
 * renders in the same commit the module arrives in. Not React.lazy: React holds a Suspense boundary's
 * content back for up to 300 ms after its fallback showed, which made every first visit of a screen
 * visibly late. A chunk that cannot be loaded throws to the nearest error boundary.
 */
export function lazyComponent<P extends object, M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, fallback: () => ReactNode = () => null) {
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
    return loaded ? createElement(loaded, props) : fallback();
  }
  Loaded.preload = preload;
  return Loaded;
}

/** A screen (a route's page) in its own chunk; "Loading..." until it arrives. */
export const lazyPage = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): PageComponent =>
  lazyComponent<object, M>(load, name, () => createElement(LoadingText, { label: 'Loading...' }));

export const isPreloadable = (page: RouteDef['page']): page is PageComponent => typeof (page as PageComponent).preload === 'function';
