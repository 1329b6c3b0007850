/**
 * What the host page tells the canvas (diagram-js passes it as `config.parley`): the bot's
 * languages and palette categories, and the callbacks the canvas cannot answer itself.
 */
export interface ParleyEditorConfig {
  /** Supported languages, first one first: new blocks get data in each. */
  languages: readonly string[];
  /** The bot's settings categories: SCSM ('system') and Foodl groups show only when listed. */
  categories: readonly string[];
  /** Whether the flow is the welcome intent's: kinds hidden there leave the palette. */
  isWelcomeIntent: boolean;
  /** Whether the bot's function of this name is a sub flow (blocks made outside the palette carry no marker). */
  isSubFlow?: (functionName: string) => boolean;
  /** The plus on a Subs block (spec 03 section 2.4): open that sub flow. */
  onOpenSubFlow?: (functionName: string) => void;
  /** Where the cross-flow clipboard lives (spec 03 section 2.4: local browser storage). */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

export const DEFAULT_CONFIG: ParleyEditorConfig = {
  languages: ['en'],
  categories: [],
  isWelcomeIntent: false,
};
