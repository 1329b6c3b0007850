import { type BlockData, type FlowDocument, firstFc } from './flow-document';
import { elementList, readCustomData, readFlowXml, writeCustomData, writeFlowXml } from './flow-xml';

/**
 * Gives every block data in each of the bot's languages: a missing language is a copy of the
 * block's first one (spec 03 section 3.2), i.e. the first of `languages` it has, else the first
 * it stores. Languages the bot does not have are kept; blocks without any data stay empty.
 */
export function normaliseFlow(doc: FlowDocument, languages: readonly string[]): FlowDocument {
  return {
    blocks: doc.blocks.map((block) => {
      const customData = withAllLanguages(block.customData, languages);
      const main = languages.find((language) => customData[language] !== undefined);
      const fc = main ? firstFc({ [main]: customData[main] as BlockData }) : firstFc(customData);
      return { ...block, customData, fc };
    }),
  };
}

/** normaliseFlow on the XML itself, for storing: everything else in the document is kept as it is. */
export async function normaliseFlowXml(xml: string, languages: readonly string[]): Promise<string> {
  const { moddle, definitions, process } = await readFlowXml(xml);
  for (const element of elementList(process, 'flowElements')) {
    const customData = readCustomData(element);
    if (Object.keys(customData).length === 0) continue;
    writeCustomData(element, withAllLanguages(customData, languages));
  }
  return writeFlowXml(moddle, definitions);
}

export function withAllLanguages(
  customData: Record<string, BlockData>,
  languages: readonly string[],
): Record<string, BlockData> {
  const source =
    languages.map((language) => customData[language]).find(Boolean) ?? Object.values(customData)[0];
  if (!source) return { ...customData };
  const result = { ...customData };
  for (const language of languages) {
    if (result[language] === undefined) result[language] = structuredClone(source);
  }
  return result;
}
