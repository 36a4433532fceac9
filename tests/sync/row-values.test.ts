/**
 * A synced value's statement is rendered once per area, role and kind of wanted rows, and only the
 * wanted ids per call (worker/sync/values.ts). For every area and role, what it gives renders to the
 * very statement drizzle builds whole: the same text, the same arguments in the same places.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../schema/roles';
import { serverAreas } from '../../worker/areas';
import { renderStatement } from '../../worker/db';
import { composeServerAreas } from '../../worker/kit/server-area';
import { placeholderViewer } from '../../worker/sync/statements';
import { buildRowValuesSql, renderedRowValues, rowValuesSql, type WantedRows } from '../../worker/sync/values';

const { sync } = composeServerAreas(serverAreas);
const viewer = (role: (typeof ROLES)[number]) => ({ role, hoaId: 'hoa-1', userId: 'user-1' });
const wanted: WantedRows[] = ['every visible row', sql`SELECT ${'row-1'} AS row_id`, sql`SELECT id AS row_id FROM announcements WHERE hoa_id = ${'hoa-2'} LIMIT ${20}`];

describe('a synced value rendered once', () => {
  it('is rendered once for every area and role (no text it cannot cut at its parameters)', () => {
    for (const area of sync) for (const role of ROLES) for (const every of [true, false]) expect(renderedRowValues(area, role, every), `${area.space} ${role}`).not.toBeNull();
  });

  it('renders, with the viewer and the wanted ids filled in, exactly what drizzle builds whole', () => {
    expect(sync.length).toBeGreaterThan(10);
    for (const area of sync) {
      for (const role of ROLES) {
        for (const ids of wanted) {
          const fast = renderStatement(rowValuesSql(area, viewer(role), ids));
          expect(fast, `${area.space} ${role}`).toEqual(renderStatement(buildRowValuesSql(area, viewer(role), ids)));
        }
      }
    }
  });

  it('keeps the placeholders of a statement that is itself rendered once (the pull’s)', () => {
    for (const area of sync) {
      const placeholders = renderStatement(rowValuesSql(area, placeholderViewer('resident'), 'every visible row'));
      expect(placeholders).toEqual(renderStatement(buildRowValuesSql(area, placeholderViewer('resident'), 'every visible row')));
    }
  });
});
