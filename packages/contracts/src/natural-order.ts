/**
 * Natural order for names people read in lists: digits compare as numbers (seat2 before seat10)
 * and case does not split the list. The server sorts with it and the web app keeps its order.
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export const naturalCompare = (a: string, b: string): number => collator.compare(a, b);

/** People by name, then by e-mail address (the user id): two of one name keep a stable order. */
export const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }): number =>
  naturalCompare(a.name, b.name) || naturalCompare(a.id, b.id);
