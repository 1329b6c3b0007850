import { FLOW_MESSAGES as M, validationError } from '@parley/contracts';
import { type FlowDocument, FlowFormatError, parseFlow } from '@parley/flows';

/**
 * The flow's XML as the calls send it: URI-encoded in a save (spec 03 section 7), raw in the
 * others. Raw XML starts with '<'; an encoded one with '%3C', so the two cannot be confused.
 */
export function flowXmlOf(sent: string): string {
  const text = sent.trimStart();
  if (text.startsWith('<') || text.startsWith('\uFEFF<')) return text.replace(/^\uFEFF/, '');
  try {
    return decodeURIComponent(text);
  } catch {
    throw validationError('xml', M.xmlNotDecodable);
  }
}

/** The document of a sent flow; XML that is not a Parley flow is a 400 with the parser's reason. */
export async function parseSentFlow(sent: string): Promise<{ xml: string; document: FlowDocument }> {
  const xml = flowXmlOf(sent);
  return { xml, document: await parseStoredFlow(xml) };
}

export async function parseStoredFlow(xml: string): Promise<FlowDocument> {
  try {
    return await parseFlow(xml);
  } catch (error) {
    if (error instanceof FlowFormatError) throw validationError('xml', error.message);
    throw error;
  }
}
