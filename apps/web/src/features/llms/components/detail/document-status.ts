import type { LlmDocumentStatus } from '@parley/contracts';

/** How a document's training status reads on the Data and RAG tabs. */
export const DOCUMENT_STATUS_LABELS: Record<LlmDocumentStatus, string> = {
  pending: 'Not trained',
  extracting: 'Reading',
  indexing: 'Indexing',
  trained: 'Trained',
  'needs-ocr': 'Needs OCR',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
