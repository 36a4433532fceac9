import { describe, expect, it } from 'vitest';
import { announcementKey, announcementReadKey, noticeKey } from '../../sync/keys';
import { clientMutators, MUTATOR_LABELS, MUTATOR_NAMES, mutatorArgs, summarizeArgs } from '../../sync/mutators';
import { serverMutators } from '../../sync/server/push';
import { localCaches } from '../helpers/replicache';

const localCache = localCaches();

describe('shared mutators', () => {
  it('every mutator has a schema, a client implementation, a server implementation and a label', () => {
    for (const name of MUTATOR_NAMES) {
      expect(mutatorArgs[name]).toBeDefined();
      expect(typeof clientMutators[name]).toBe('function');
      expect(typeof serverMutators[name]).toBe('function');
      expect(MUTATOR_LABELS[name]).toMatch(/\w/);
    }
  });

  it('markAnnouncementRead marks a published announcement read once, never a draft or an unknown one', async () => {
    const rep = localCache();
    await rep.mutate.put({ key: announcementKey('a1'), value: { id: 'a1', status: 'sent' } });
    await rep.mutate.put({ key: announcementKey('d1'), value: { id: 'd1', status: 'draft' } });
    await rep.mutate.markAnnouncementRead({ id: 'a1' });
    const first = await rep.query((tx) => tx.get(announcementReadKey('a1')));
    expect(first).toEqual({ announcementId: 'a1', readAt: expect.any(Number) });
    await rep.mutate.markAnnouncementRead({ id: 'a1' });
    expect(await rep.query((tx) => tx.get(announcementReadKey('a1')))).toEqual(first);
    await rep.mutate.markAnnouncementRead({ id: 'd1' });
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
