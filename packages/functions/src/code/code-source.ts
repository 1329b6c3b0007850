/** Names an input may not take as a variable of its own (it stays reachable as inputs[name]). */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally ' +
    'for function if import in instanceof new null return super switch this throw true try typeof var void ' +
    'while with yield let static implements interface package private protected public await arguments eval ' +
    'undefined NaN Infinity inputs'
  ).split(' '),
);

export const INPUTS_GLOBAL = '__parleyInputs';

/** Input names usable as plain variables in the code. */
export function variableNames(inputs: Record<string, unknown>): string[] {
  return Object.keys(inputs).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED.has(name));
}

/**
 * The author's code as the body of an async function, so that top-level `return` and
 * `await` work; each input is a parameter and all of them are `inputs`. The result leaves
 * the sandbox as JSON text (JSON.stringify is taken before the author's code can replace it).
 * The code starts on line 1 of function.js once the caller applies lineOffset -1.
 */
export function wrapCode(code: string, names: readonly string[]): string {
  const parameters = ['inputs', ...names].join(', ');
  const args = [INPUTS_GLOBAL, ...names.map((name) => `${INPUTS_GLOBAL}[${JSON.stringify(name)}]`)].join(
    ', ',
  );
  return [
    `const __parleyStringify = JSON.stringify; (async function (${parameters}) {`,
    code,
    `\n}).call(undefined, ${args}).then(function (result) {`,
    '  if (result === undefined) return undefined;',
    '  try { return __parleyStringify(result); }',
    "  catch (error) { throw new Error('The result cannot be converted to JSON: ' + error.message); }",
    '});',
  ].join('\n');
}

/** console.* inside the sandbox, sent to the host as lines of text. */
export const CONSOLE_SOURCE = `
globalThis.console = {};
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...args) => __parleyLog(level, args.map((arg) => {
    if (typeof arg === 'string') return arg;
    try { return JSON.stringify(arg) ?? String(arg); } catch { return String(arg); }
  }).join(' '));
}
`;
