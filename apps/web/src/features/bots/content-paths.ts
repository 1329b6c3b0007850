/** The bot page's route of a tab and its selected element: /bots/{botName}/{tab}/{element}. */
export function contentPath(botName: string, tab: string, element?: string): string {
  const base = `/bots/${encodeURIComponent(botName)}/${tab}`;
  return element === undefined ? base : `${base}/${encodeURIComponent(element)}`;
}

/** The API's bot segment: /api/{bot}/... */
export const botApiPath = (botName: string) => `/api/${encodeURIComponent(botName)}`;

/** The bot API's bot segment: /api/bots/{bot}/... (settings, functions, NLU status and performance). */
export const botsApiPath = (botName: string) => `/api/bots/${encodeURIComponent(botName)}`;
