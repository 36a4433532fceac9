/**
 * What a route is (platform §2's table and guards) and how an area declares its screens: each area's
 * client half exports its routes (client/features/<area>/routes.ts), and client/app/routes.tsx lists
 * them in order.
 */
import { createElement, lazy, type ComponentType } from 'react';

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
}

/**
 * A component in its own chunk. Once its module is loaded (`preload`, when the user heads for it) it
 * renders at once: React.lazy would suspend even then, and React holds a revealed Suspense boundary
 * back for up to 300 ms, which made every first visit of a screen visibly late.
 */
export function lazyComponent<P extends object, M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
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
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Loaded(props: P) {
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  Loaded.preload = preload;
  return Loaded;
}

/** A screen (a route's page) in its own chunk. */
export const lazyPage = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): PageComponent => lazyComponent<object, M>(load, name);

export const isPreloadable = (page: RouteDef['page']): page is PageComponent => typeof (page as PageComponent).preload === 'function';
