import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchManual, type ManualPage, searchManual } from '../api/manual-api';

/** All pages, loaded once per visit (the manual only changes with a new server version). */
export function useManual() {
  return useQuery({
    queryKey: ['user-manual'],
    queryFn: ({ signal }) => fetchManual(signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });
}

export interface ManualSection {
  name: string;
  pages: ManualPage[];
}

/** Pages grouped by section, in the order the server gives (section, then order). */
export function groupBySection(pages: ManualPage[]): ManualSection[] {
  const sections: ManualSection[] = [];
  for (const page of pages) {
    const section = sections.find((s) => s.name === page.section);
    if (section) section.pages.push(page);
    else sections.push({ name: page.section, pages: [page] });
  }
  return sections;
}

const SEARCH_DELAY_MS = 250;

/** Searches as the reader types, once typing pauses. */
export function useManualSearch(query: string) {
  const [settled, setSettled] = useState(query.trim());
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(query.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query]);
  return useQuery({
    queryKey: ['user-manual-search', settled],
    queryFn: ({ signal }) => searchManual(settled, signal),
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
