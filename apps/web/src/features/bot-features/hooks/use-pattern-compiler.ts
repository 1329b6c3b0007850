import type { PatternCompiler } from '@parley/contracts';
import { useEffect, useState } from 'react';

/**
 * RE2 (re2js) as the server runs it: a masking pattern RE2 cannot compile is 'Invalid regex:'
 * here as there. Loaded with the first GDPR sub-tab, so the rest of the app does not carry it.
 */
export async function loadPatternCompiler(): Promise<PatternCompiler> {
  const { RE2JS } = await import('re2js');
  return {
    compiles: (pattern) => {
      try {
        RE2JS.compile(pattern);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The compiler once loaded; undefined until then (regexes are judged from then on). */
export function usePatternCompiler(): PatternCompiler | undefined {
  const [compiler, setCompiler] = useState<PatternCompiler>();
  useEffect(() => {
    let isCurrent = true;
    void loadPatternCompiler().then((loaded) => {
      if (isCurrent) setCompiler(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return compiler;
}
