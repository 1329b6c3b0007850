/** What a robots.txt allows one crawler (RFC 9309). */
export interface RobotsRules {
  isAllowed(url: URL): boolean;
}

interface Rule {
  isAllow: boolean;
  pattern: string;
}

/** Lines of robots.txt read at most: a hostile file cannot make the crawler read without end. */
const MAX_LINES = 10_000;

/**
 * The rules of a robots.txt for the crawler named `productToken`: the groups naming it (case
 * does not matter), else the groups of `*`. The longest matching pattern decides, allow winning a
 * tie; `*` matches any run of characters and a final `$` the end of the path. A path no rule
 * matches is allowed, and so is /robots.txt itself.
 */
export function parseRobots(text: string, productToken: string): RobotsRules {
  const token = productToken.toLowerCase();
  const groups: Array<{ agents: string[]; rules: Rule[] }> = [];
  let current: { agents: string[]; rules: Rule[] } | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/, MAX_LINES)) {
    const line = rawLine.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || (field !== 'allow' && field !== 'disallow')) continue;
    // An empty Disallow allows everything: it is no rule.
    if (value === '') continue;
    current.rules.push({ isAllow: field === 'allow', pattern: value });
  }
  const named = groups.filter((group) =>
    group.agents.some((agent) => agent !== '*' && token.includes(agent)),
  );
  const chosen = named.length > 0 ? named : groups.filter((group) => group.agents.includes('*'));
  const rules = chosen.flatMap((group) => group.rules);
  return {
    isAllowed(url: URL): boolean {
      const path = `${url.pathname}${url.search}`;
      if (url.pathname === '/robots.txt') return true;
      let best: Rule | undefined;
      for (const rule of rules) {
        if (!matches(rule.pattern, path)) continue;
        if (
          !best ||
          rule.pattern.length > best.pattern.length ||
          (rule.pattern.length === best.pattern.length && rule.isAllow)
        )
          best = rule;
      }
      return best?.isAllow ?? true;
    },
  };
}

/** Whether the pattern matches the start of the path (the whole path when it ends in `$`); no regex, linear. */
function matches(pattern: string, path: string): boolean {
  const isAnchored = pattern.endsWith('$');
  const parts = (isAnchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = parts[0] as string;
  if (!path.startsWith(first)) return false;
  let position = first.length;
  for (let index = 1; index < parts.length; index++) {
    const part = parts[index] as string;
    if (isAnchored && index === parts.length - 1)
      return path.length - part.length >= position && path.endsWith(part);
    const found = path.indexOf(part, position);
    if (found < 0) return false;
    position = found + part.length;
  }
  return !isAnchored || position === path.length;
}
