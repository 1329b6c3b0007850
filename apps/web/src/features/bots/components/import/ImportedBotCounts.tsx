import type { ImportedBotData } from '@parley/contracts';

/** The read-only counts of the Import-a-bot dialog (spec 01 section 2). */
export function ImportedBotCounts({ staged }: { staged: ImportedBotData }) {
  const { counts } = staged;
  const rows: Array<[string, string]> = [
    ['Intents', String(counts.intents)],
    ['Entities', String(counts.entities)],
    ['Functions', String(counts.functions)],
    ['Subs', String(counts.subs)],
    ['Variables / objects', `${counts.variables} / ${counts.objects}`],
    ['Connected channels', String(counts.connectedChannels)],
  ];
  return (
    <dl className="import-bot__counts" aria-label="What the file holds">
      {rows.map(([label, value]) => (
        <div key={label} className="import-bot__count">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
