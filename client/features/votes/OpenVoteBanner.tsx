/**
 * "A vote is open: <question> — closes <date>. Vote now": for each open vote the viewer's household
 * may vote on and has not, from the cache (offline too). Mounted by the Announcements list and the
 * dashboard; nothing when there is none.
 */
import { Link } from 'wouter';
import type { SyncedVote } from '../../../sync/areas/votes';
import { useVotesToCast, useVoteTime } from './use-votes';

export function OpenVoteBanner() {
  return <VoteBanners toCast={useVotesToCast(Date.now())} />;
}

/** The banners of `toCast`, for a screen that reads them itself (`useVotesToCastState`). */
export function VoteBanners({ toCast }: { toCast: readonly SyncedVote[] }) {
  const time = useVoteTime();
  if (toCast.length === 0) return null;
  return (
    <div className="space-y-2">
      {toCast.map((v) => (
        <div key={v.id} role="status" className="rounded-lg border border-accent-200 bg-accent-50 px-4 py-3 text-sm text-accent-900">
          A vote is open: <strong className="font-semibold">{v.question}</strong> — closes {time(v.closesAt)}.{' '}
          <Link href={`/votes/${v.id}`} className="font-semibold underline underline-offset-4">
            Vote now
          </Link>
        </div>
      ))}
    </div>
  );
}
