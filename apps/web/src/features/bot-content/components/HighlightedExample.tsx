import { placeholdersIn } from '@parley/contracts';
import type { ReactNode } from 'react';

/** An example's text with its entity placeholders marked. */
export function HighlightedExample({ text, isPattern }: { text: string; isPattern: boolean }) {
  if (!isPattern) return <>{text}</>;
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const p of placeholdersIn(text)) {
    if (p.index > cursor) parts.push(text.slice(cursor, p.index));
    parts.push(
      <mark key={p.index} className="example-placeholder">
        {text.slice(p.index, p.index + p.length)}
      </mark>,
    );
    cursor = p.index + p.length;
  }
  parts.push(text.slice(cursor));
  return <>{parts}</>;
}
