import { describe, expect, it } from 'vitest';
import { announcementKey, announcementReadKey } from '../../sync/areas/announcements';
import { noticeKey } from '../../sync/areas/notices';
import { sharedSyncAreas } from '../../sync/areas';
import { isAutomaticMutation, MUTATOR_NAMES, summarizeArgs } from '../../sync/mutators';
import { serverAreas } from '../../worker/areas';
import { composeServerAreas } from '../../worker/kit/server-area';
import { localCaches } from '../helpers/replicache';

const localCache = localCaches();

describe('the composed areas', () => {
  it('each mutator name and key space belongs to one area, and every mutator has its domain call on the server', () => {
    const names = sharedSyncAreas.flatMap((a) => Object.keys(a.mutators));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const spaces = sharedSyncAreas.flatMap((a) => [...a.spaces]);
    expect(spaces.filter((s, i) => spaces.indexOf(s) !== i)).toEqual([]);
    // The server's list is composed by hand (worker/areas): nothing shared may be left out.
    const { mutators: serverMutators, sync: serverSyncAreas } = composeServerAreas(serverAreas);
    expect(MUTATOR_NAMES.filter((n) => typeof serverMutators[n] !== 'function')).toEqual([]);
    expect(spaces.filter((s) => !serverSyncAreas.some((a) => a.space === s))).toEqual([]);
  });

  it('read markers are automatic, the user does not count them as pending changes', () => {
    expect(isAutomaticMutation('markAnnouncementRead')).toBe(true);
    expect(isAutomaticMutation('sendAnnouncement')).toBe(false);
  });
});

describe('shared mutators', () => {
  it('markAnnouncementRead marks a published announcement read once, never a draft, a scheduled one or an unknown one', async () => {
    const rep = localCache();
    await rep.mutate.put({ key: announcementKey('a1'), value: { id: 'a1', status: 'sent' } });
    await rep.mutate.put({ key: announcementKey('d1'), value: { id: 'd1', status: 'draft' } });
    await rep.mutate.put({ key: announcementKey('s1'), value: { id: 's1', status: 'scheduled' } });
    await rep.mutate.markAnnouncementRead({ id: 'a1' });
    const first = await rep.query((tx) => tx.get(announcementReadKey('a1')));
    expect(first).toEqual({ announcementId: 'a1', readAt: expect.any(Number) });
    await rep.mutate.markAnnouncementRead({ id: 'a1' });
    expect(await rep.query((tx) => tx.get(announcementReadKey('a1')))).toEqual(first);
    await rep.mutate.markAnnouncementRead({ id: 'd1' });
    await rep.mutate.markAnnouncementRead({ id: 's1' });
    await rep.mutate.markAnnouncementRead({ id: 'nope' });
    expect(await rep.query((tx) => tx.scan({ prefix: 'announcementRead/' }).keys().toArray())).toEqual([announcementReadKey('a1')]);
    await expect(rep.mutate.markAnnouncementRead({ id: '' })).rejects.toThrow('Id is required');
  });

  it('dismissNotice removes the notice from the cache', async () => {
    const rep = localCache();
    await rep.mutate.put({ key: noticeKey('n1'), value: { id: 'n1' } });
    await rep.mutate.dismissNotice({ id: 'n1' });
    expect(await rep.query((tx) => tx.has(noticeKey('n1')))).toBe(false);
  });

  it('summarizes arguments for notices, shortened', () => {
    expect(summarizeArgs({ id: 'a1' })).toBe('{"id":"a1"}');
    expect(summarizeArgs({ text: 'x'.repeat(500) })).toHaveLength(200);
  });
});
