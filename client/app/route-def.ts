/**
 * What a route is (its path, guard and roles) and how a screen is loaded. Each area's client
 * half declares its routes (client/features/<area>/area.ts, `defineClientArea`); client/app/routes.tsx
 * composes the table.
 */
import { createElement, type ComponentType } from 'react';
import { hasRole, type Role } from '../../schema/roles';
import { lazyComponent } from '../lib/lazy-component';
import { LoadingText } from '../ui/Loading';

export { lazyComponent };

/**
 * public: signed-in visitors go to /dashboard; open: everyone; signed-in: any role;
 * board: board or superadmin; superadmin: superadmin only.
 */
export type Access = 'public' | 'open' | 'signed-in' | 'board' | 'superadmin';

/** A screen loaded on first need, that can be loaded ahead (`preload`). */
export type PageComponent = ComponentType & { preload: () => Promise<unknown>; isLoaded: () => boolean; moduleExport: string };

export interface RouteDef {
  path: string;
  access: Access;
  page: ComponentType | PageComponent;
  /** Where an insufficient role goes; the spec's default is /dashboard. */
  denied?: string;
  /** An open route a signed-in user sees inside the app's frame (its navigation), as Support. */
  signedInFrame?: boolean;
  /**
   * The REST read the screen makes first on a page loaded on it (a detail screen's row, e.g.
   * '/api/requests/:id', its `:names` the route's). The boot script sends it as soon as the start-up
   * refresh answers, beside the screen's code, and the screen's read takes its answer
   * (client/lib/boot-reads.ts): on a phone it had waited for the code to arrive and run.
   */
  firstRead?: string;
}

/** Whether a signed-in user of `role` passes a route's role rule (the guard sends the others to `denied`). */
export const roleMayOpen = (access: Access, role: Role) => (access === 'board' || access === 'superadmin' ? hasRole(role, access) : true);

/** A screen (a route's page) in its own chunk; "Loading..." until it arrives. */
export const lazyPage = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): PageComponent =>
  lazyComponent<object, M>(load, name, () => createElement(LoadingText, { label: 'Loading...' }));

export const isPreloadable = (page: RouteDef['page']): page is PageComponent => typeof (page as PageComponent).preload === 'function';
