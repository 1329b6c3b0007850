import type { ManualPage } from './manual';

export interface SearchResult {
  slug: string;
  title: string;
  snippet: string;
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Ranks pages by the query's words: a title hit weighs more than a body hit, and a page
 * must contain every word (as a word prefix) to be listed.
 */
export function searchManual(pages: ManualPage[], query: string, limit = 20): SearchResult[] {
  const terms = [...new Set(words(query))];
  if (terms.length === 0) return [];
  const scored: Array<{ page: ManualPage; score: number }> = [];
  for (const page of pages) {
    const titleWords = words(page.title);
    const bodyWords = words(page.text);
    let score = 0;
    let hasAll = true;
    for (const term of terms) {
      const inTitle = titleWords.filter((w) => w.startsWith(term)).length;
      const inBody = bodyWords.filter((w) => w.startsWith(term)).length;
      if (inTitle + inBody === 0) {
        hasAll = false;
        break;
      }
      score += inTitle * 10 + Math.min(inBody, 20);
    }
    if (hasAll) scored.push({ page, score });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.page.title.localeCompare(b.page.title))
    .slice(0, limit)
    .map(({ page }) => ({ slug: page.slug, title: page.title, snippet: snippet(page.text, terms) }));
}

function snippet(text: string, terms: string[], radius = 80): string {
  // Centre on the query's first word that the page has: it is what the reader typed first.
  const lower = text.toLowerCase();
  const at = terms.map((t) => lower.indexOf(t)).find((i) => i >= 0) ?? 0;
  const start = Math.max(0, at - radius);
  const end = Math.min(text.length, at + radius);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
