/**
 * The kinds of document a file can be, declared once: the file name endings and media types that
 * name each. Extraction, the worker's checks and any list of accepted files derive from this.
 */
export const DOCUMENT_KINDS = {
  pdf: { extensions: ['pdf'], mediaTypes: ['application/pdf'] },
  docx: {
    extensions: ['docx'],
    mediaTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  pptx: {
    extensions: ['pptx'],
    mediaTypes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  },
  txt: { extensions: ['txt', 'text'], mediaTypes: ['text/plain'] },
  md: { extensions: ['md', 'markdown'], mediaTypes: ['text/markdown', 'text/x-markdown'] },
  csv: { extensions: ['csv'], mediaTypes: ['text/csv'] },
  json: { extensions: ['json'], mediaTypes: ['application/json'] },
  html: { extensions: ['html', 'htm'], mediaTypes: ['text/html'] },
} as const satisfies Record<string, { extensions: readonly string[]; mediaTypes: readonly string[] }>;

export type DocumentKind = keyof typeof DOCUMENT_KINDS;

export const DOCUMENT_EXTENSIONS: readonly string[] = Object.values(DOCUMENT_KINDS).flatMap(
  (kind) => kind.extensions,
);

/** The kind a file is by its name's ending, else by its media type; undefined when neither is known. */
export function documentKindOf(fileName: string, mediaType?: string): DocumentKind | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const entries = Object.entries(DOCUMENT_KINDS) as Array<
    [DocumentKind, (typeof DOCUMENT_KINDS)[DocumentKind]]
  >;
  const byName = entries.find(([, kind]) => (kind.extensions as readonly string[]).includes(extension ?? ''));
  if (byName) return byName[0];
  const type = mediaType?.split(';')[0]?.trim().toLowerCase();
  return entries.find(([, kind]) => (kind.mediaTypes as readonly string[]).includes(type ?? ''))?.[0];
}
