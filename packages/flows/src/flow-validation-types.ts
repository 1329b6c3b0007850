/** What validateFlow answers and what it needs to know about the bot. */

export interface FlowProblem {
  message: string;
  /** The block or connector to mark; null for problems of the whole flow. */
  blockId: string | null;
  type: 'error' | 'warning';
}

export interface FlowValidationContext {
  /** The bot's languages, the first the main one. */
  languages: string[];
  /** Intent names of the bot. */
  intents: string[];
  /** Functions (global ones too) the bot can call. */
  functions: { name: string; type: string; inputs: string[] }[];
  entities: { name: string; type: string }[];
  isWelcomeIntent?: boolean;
  /** The server's RE2 check; without it a regex only has to compile. */
  isRegexSafe?: (pattern: string, flags: string) => boolean;
}
