/** One page of the public user manual; `html` is rendered by our server from our own markdown. */
export interface ManualPage {
  slug: string;
  title: string;
  section: string;
  order: number;
  html: string;
}

export interface ManualSearchResult {
  slug: string;
  title: string;
  /** Plain text around the first hit. */
  snippet: string;
}

export interface ManualListing {
  pages: ManualPage[];
}

export interface ManualSearchAnswer {
  results: ManualSearchResult[];
}
