/**
 * Demo saved list views: a few a board member and a resident of each HOA would keep (open
 * maintenance work, escalated violations, overdue invoices, minutes of meetings), so the Views menu
 * of every list shows real ones. Ray Resident keeps none (the empty menu).
 */
import { listViewPolicy, type ListViewFilters, type SavedViewList } from '../../schema/list-views';
import { savedListViews } from '../../schema/tables';
import { newId } from '../services/tokens';
import type { AreaSeeder } from './seed-kit';

interface DemoView {
  list: SavedViewList;
  name: string;
  filters: Partial<ListViewFilters>;
  /** Days before the seed time. */
  daysAgo: number;
}

const DEMO_VIEWS: Record<string, DemoView[]> = {
  'board@maplegrove.test': [
    { list: 'requests', name: 'Open maintenance', filters: { selected: { category: ['Maintenance'], status: ['open', 'in_progress'] } }, daysAgo: 40 },
    { list: 'requests', name: 'Waiting on residents', filters: { selected: { status: ['awaiting_info'] }, sort: 'oldest' }, daysAgo: 21 },
    { list: 'violations', name: 'Escalated', filters: { selected: { status: ['escalated'] } }, daysAgo: 30 },
    { list: 'violations', name: 'Parking and trash', filters: { selected: { category: ['Parking', 'Trash'], status: ['open', 'under_review'] } }, daysAgo: 12 },
    { list: 'invoices', name: 'Overdue', filters: { selected: { status: ['overdue'] } }, daysAgo: 18 },
  ],
  'owner@maplegrove.test': [
    { list: 'documents', name: 'Financials', filters: { selected: { category: ['Financials'] } }, daysAgo: 25 },
    { list: 'dues', name: 'Active monthly', filters: { selected: { frequency: ['monthly'], status: ['active'] } }, daysAgo: 9 },
  ],
  'resident@maplegrove.test': [
    { list: 'requests', name: 'Still open', filters: { selected: { status: ['open', 'in_progress', 'awaiting_info'] } }, daysAgo: 14 },
    { list: 'documents', name: 'Meeting minutes', filters: { selected: { category: ['Meeting Minutes'] } }, daysAgo: 7 },
  ],
  'board@cedarpark.test': [{ list: 'requests', name: 'Open maintenance', filters: { selected: { category: ['Maintenance'], status: ['open'] } }, daysAgo: 20 }],
  'resident@cedarpark.test': [{ list: 'requests', name: 'Pool', filters: { search: 'pool' }, daysAgo: 5 }],
};

const DAY = 86_400_000;

export const seedListViews: AreaSeeder = async (tx, platform, opts) => {
  for (const hoa of platform.hoas) {
    for (const [email, views] of Object.entries(DEMO_VIEWS)) {
      const userId = hoa.userIds[email];
      if (!userId) continue;
      for (const view of views) {
        const at = opts.now - view.daysAgo * DAY;
        const filters: ListViewFilters = { search: '', selected: {}, sort: 'newest', ...view.filters };
        await tx.insert(savedListViews).values({
          id: newId(),
          hoaId: hoa.id,
          userId,
          list: view.list,
          name: view.name,
          nameKey: listViewPolicy.nameKey(view.name),
          filters,
          createdAt: at,
          updatedAt: at,
        });
      }
    }
  }
};
