import { ENTITY_MESSAGES as M } from '@parley/contracts';

/**
 * The server's rule for regex entity examples, checked when the example is added: it must match
 * at least one of the regexes. Matching runs on RE2 (re2js, loaded with the first check) like
 * on the server, so the answer is the one Save will give and no pattern can hang the tab.
 */
export async function exampleMatchProblem(
  regexes: readonly string[],
  example: string,
): Promise<string | undefined> {
  const { RE2JS } = await import('re2js');
  const matches = regexes.some((pattern) => {
    try {
      return RE2JS.compile(pattern).test(example);
    } catch {
      // A regex RE2 refuses is named at Save; it matches nothing meanwhile.
      return false;
    }
  });
  return matches ? undefined : M.exampleMustMatch;
}
