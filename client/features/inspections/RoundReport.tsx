/** The printed report (Print Report): the HOA's name, the round's day, one table of every stop and its outcome. Shown only in print. */
import { addressLabel } from '../../../schema/addresses';
import { formatDay } from '../../../schema/days';
import { STOP_OUTCOME_LABELS } from '../../../schema/inspections';
import type { SyncedRound, SyncedStop } from '../../../sync/areas/inspections';
import { stopResidentsLine } from './StopCard';

export function RoundReport({ round, stops, hoaName, titles }: { round: SyncedRound; stops: readonly SyncedStop[]; hoaName: string; titles: Map<string, string> }) {
  return (
    <section className="hidden print:block" aria-hidden="true">
      <h2 className="text-xl font-semibold">{hoaName}</h2>
      <p className="mb-4">
        {round.title} · {formatDay(round.date)}
      </p>
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-neutral-400 text-left">
            <th className="py-1 pr-2">#</th>
            <th className="py-1 pr-2">Address</th>
            <th className="py-1 pr-2">Residents</th>
            <th className="py-1 pr-2">Outcome</th>
            <th className="py-1">By</th>
          </tr>
        </thead>
        <tbody>
          {stops.map((s, i) => (
            <tr key={s.id} className="border-b border-neutral-200 align-top">
              <td className="py-1 pr-2">{i + 1}</td>
              <td className="py-1 pr-2">{addressLabel({ street: s.address.street, unit_number: s.address.unitNumber })}</td>
              <td className="py-1 pr-2">{stopResidentsLine(s)}</td>
              <td className="py-1 pr-2">
                {s.outcome ? STOP_OUTCOME_LABELS[s.outcome] : 'Not done'}
                {s.violationId && titles.get(s.violationId) ? `: ${titles.get(s.violationId)}` : ''}
              </td>
              <td className="py-1">{s.doneBy?.name ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
