import { type DocumentSection, tidyText } from '../sections';

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
const FENCE = /^(```|~~~)/;

/**
 * A Markdown file: ATX headings (`#` to `######`) make the heading path of the text under them;
 * each paragraph is a section. Fenced code stays one block, its lines as written.
 */
export function extractMarkdown(text: string): DocumentSection[] {
  const sections: DocumentSection[] = [];
  const path: string[] = [];
  let block: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    const paragraph = fence ? block.join('\n').trim() : tidyText(block.join('\n'));
    if (paragraph) sections.push({ text: paragraph, headingPath: [...path] });
    block = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const fenceMark = FENCE.exec(line.trim())?.[1];
    if (fence) {
      block.push(line);
      if (fenceMark === fence) {
        flush();
        fence = undefined;
      }
      continue;
    }
    if (fenceMark) {
      flush();
      fence = fenceMark;
      block.push(line);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] as string).length;
      path.splice(level - 1);
      while (path.length < level - 1) path.push('');
      path.push((heading[2] as string).trim());
      continue;
    }
    if (line.trim() === '') flush();
    else block.push(line);
  }
  flush();
  return sections.map((section) => ({ ...section, headingPath: section.headingPath.filter(Boolean) }));
}
