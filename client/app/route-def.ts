/**
 * What a route is (platform §2's table and guards) and how an area declares its screens: each area's
 * client half exports its routes (client/features/<area>/routes.ts), and client/app/routes.tsx lists
 * them in order.
 */
import { lazy, type ComponentType } from 'react';

/**
 * public: signed-in visitors go to /dashboard; open: everyone; signed-in: any role;
 * board: board or superadmin; superadmin: superadmin only.
 */
export type Access = 'public' | 'open' | 'signed-in' | 'board' | 'superadmin';

export interface RouteDef {
  path: string;
  access: Access;
  page: ComponentType;
  /** Where an insufficient role goes; the spec's default is /dashboard. */
  denied?: string;
}

/** A screen loaded on first visit, so each area is its own chunk. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
