import type { IntentSummary } from '@parley/contracts';
import type { ListItem } from '../../bot-content';

/** The sidebar entries, filtered by name; the server's order (None last) is kept. */
export function intentListItems(intents: readonly IntentSummary[], filter: string): ListItem[] {
  const wanted = filter.trim().toLowerCase();
  return intents
    .filter((i) => i.name.toLowerCase().includes(wanted))
    .map((i) => ({
      name: i.name,
      ...(i.type === 'faq' ? { tag: 'FAQ' } : i.isRedirect ? { tag: 'Redirect' } : {}),
    }));
}
