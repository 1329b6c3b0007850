import { chunkSections, DEFAULT_CHUNKING, type ExtractedDocument } from '@parley/retrieval';
import { makeDocx, makePdf, makePptx } from '@parley/retrieval/testing';
import { extractDocumentInWorker } from '../../../apps/server/src/services/llms/passages/document-extraction';
import { openPassageStore } from './passage-store';
import { seededRandom, zipfVocabulary } from './synthetic-passages';

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** The bench's document set: a PDF of `pages` pages, a presentation of as many slides, a DOCX of as many headed sections. */
function documentSet(pages: number) {
  const vocabulary = zipfVocabulary();
  const random = seededRandom(42);
  const sentence = () => {
    const words = Array.from({ length: 8 + Math.floor(random() * 10) }, () => vocabulary.draw(random));
    return `${words.join(' ')}.`;
  };
  const lines = (count: number) => Array.from({ length: count }, sentence);
  return [
    { fileName: 'handbook.pdf', pages, bytes: makePdf(Array.from({ length: pages }, () => lines(30))) },
    {
      fileName: 'deck.pptx',
      pages,
      bytes: makePptx(
        Array.from({ length: pages }, (_, index) => ({ title: `Slide ${index + 1}`, lines: lines(8) })),
      ),
    },
    {
      fileName: 'policy.docx',
      // A page of a Word document: a heading and about 500 words.
      pages,
      bytes: makeDocx(
        Array.from({ length: pages }, (_, index) => [
          { heading: `Section ${index + 1}`, level: 1 as const },
          ...Array.from({ length: 4 }, () => ({ paragraph: lines(8).join(' ') })),
        ]).flat(),
      ),
    },
  ];
}

/**
 * Ingestion as training runs it, per document: read in the untrusted-input worker, chunked within
 * the default budget, indexed on SQLite. Pages per second of the whole set, and per kind.
 */
export async function measureIngestion(options: { pagesPerDocument: number }) {
  const store = await openPassageStore('ingestion');
  try {
    const set = documentSet(options.pagesPerDocument);
    // The worker's first start (tsx in a bench) is not a document's cost.
    await extractDocumentInWorker({ bytes: new TextEncoder().encode('warm up'), fileName: 'warm.txt' });
    const kinds: Record<
      string,
      { pages: number; seconds: number; passages: number; pagesPerSecond: number }
    > = {};
    let totalPages = 0;
    let totalSeconds = 0;
    for (const [position, document] of set.entries()) {
      const started = performance.now();
      const extracted: ExtractedDocument = await extractDocumentInWorker({
        bytes: document.bytes,
        fileName: document.fileName,
      });
      const chunks = chunkSections(extracted.sections, {
        ...DEFAULT_CHUNKING,
        documentName: document.fileName,
      });
      await store.index.replaceDocument(store.scope, `doc-${position}`, chunks);
      const seconds = (performance.now() - started) / 1000;
      totalPages += document.pages;
      totalSeconds += seconds;
      kinds[document.fileName] = {
        pages: document.pages,
        seconds: round(seconds, 2),
        passages: chunks.length,
        pagesPerSecond: round(document.pages / seconds),
      };
    }
    return {
      pages: totalPages,
      seconds: round(totalSeconds, 2),
      pagesPerSecond: round(totalPages / totalSeconds),
      byDocument: kinds,
      note: 'read in the untrusted-input worker, chunked (350 tokens, 50 overlap), indexed on SQLite; a DOCX page is a heading and about 500 words',
    };
  } finally {
    await store.close();
  }
}
