import { describe, expect, it } from 'vitest';
import { dashboardPolicy } from '../../schema/dashboard';
import { ROLES } from '../../schema/roles';
import { navEntries } from './areas';
import { mayNavigate } from './client-area';
import { roleMayOpen } from './route-def';
import { ROUTES } from './routes';

describe('the composed client areas', () => {
  it('the dashboard’s routes say its policy: who may see it, and where the others go (their home)', () => {
    for (const path of ['/', '/dashboard']) {
      const route = ROUTES.find((r) => r.path === path)!;
      for (const role of ROLES) {
        expect(roleMayOpen(route.access, role), `${path} ${role}`).toBe(dashboardPolicy.maySee(role));
        if (!dashboardPolicy.maySee(role)) expect(route.denied, `${path} ${role}`).toBe(dashboardPolicy.homeOf(role).path);
      }
    }
  });

  it('the navigation offers each role the entries it may open, in the spec’s order', () => {
    const labelsFor = (role: (typeof ROLES)[number]) => navEntries.filter((e) => mayNavigate(e, role)).map((e) => e.label);
    const everyone = ['Announcements', 'Requests', 'Documents', 'Compliance', 'Dues', 'Meetings'];
    expect(labelsFor('resident')).toEqual(everyone);
    expect(labelsFor('board')).toEqual(['Dashboard', ...everyone, 'Users', 'Addresses']);
    expect(labelsFor('superadmin')).toEqual(['Dashboard', ...everyone, 'Users', 'Addresses']);
  });

  it('no two routes share a path', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});
