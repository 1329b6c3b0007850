import { RE2JS } from 're2js';
import type { NluEntity, RecognisedEntity } from '../types';

/**
 * Regex entities, run by RE2 (re2js) like every author regex in Parley: matching is linear in
 * the input, so no pattern can hang a prediction. A regex RE2 cannot compile is skipped (the
 * server refuses them when they are saved).
 */
export class RegexEntities {
  private readonly regexes: Array<{ entity: string; regex: RE2JS }> = [];

  constructor(entities: readonly NluEntity[]) {
    for (const entity of entities) {
      if (entity.type !== 'regexentities') continue;
      for (const pattern of entity.regexes ?? []) {
        try {
          this.regexes.push({ entity: entity.name, regex: RE2JS.compile(pattern) });
        } catch {
          // Not RE2: never saved by the server, ignored here.
        }
      }
    }
  }

  find(text: string): RecognisedEntity[] {
    const found: RecognisedEntity[] = [];
    for (const { entity, regex } of this.regexes) {
      const matcher = regex.matcher(text);
      while (matcher.find()) {
        const start = matcher.start();
        const end = matcher.end();
        if (end === start) continue;
        if (found.some((f) => f.entity === entity && start < f.end && end > f.start)) continue;
        found.push({ entity, start, end, text: text.slice(start, end), value: text.slice(start, end) });
      }
    }
    return found.sort((a, b) => a.start - b.start || a.end - b.end);
  }
}
