/**
 * The client half of an area, declared once (client/features/<area>/area.ts) and composed by the one
 * list of client/app/areas.ts: its screens and its entries in the main navigation. Kept to plain data
 * and lazy pages: the route table, and so every area's declaration, is in the entry chunk.
 */
import type { Role } from '../../schema/roles';
import { roleMayOpen, type Access, type RouteDef } from './route-def';

/** An entry of the main navigation (desktop bar and phone menu). */
export interface NavLink {
  label: string;
  /** One of the area's own routes: whoever may open it sees the entry. */
  href: string;
  /** Other path prefixes that make this entry active (Compliance is active under /violations too). */
  alsoActive?: readonly string[];
}

/** A navigation entry with the role rule of the route it leads to. */
export interface NavEntry extends NavLink {
  access: Access;
}

export interface ClientArea {
  /** Its screens, in the order they are matched. */
  routes: readonly RouteDef[];
  /** Its entries in the main navigation, in the order shown; the list's order places them among the areas'. */
  nav: readonly NavEntry[];
}

export function defineClientArea(area: { routes: readonly RouteDef[]; nav?: readonly NavLink[] }): ClientArea {
  const nav = (area.nav ?? []).map((link) => {
    const route = area.routes.find((r) => r.path === link.href);
    if (!route) throw new Error(`The navigation entry ${link.label} leads to ${link.href}, which is not a route of its area`);
    return { ...link, access: route.access };
  });
  return { routes: area.routes, nav };
}

/** Whether a user of `role` sees a navigation entry: when they may open where it leads. */
export const mayNavigate = (entry: NavEntry, role: Role) => roleMayOpen(entry.access, role);
