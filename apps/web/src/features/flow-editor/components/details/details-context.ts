import type { FunctionView } from '@parley/contracts';
import type { CustomData, FlowCanvas } from '@parley/editor';
import type { BlockData } from '@parley/flows/blocks';
import type { EditorRights } from '../../editor-rights';
import type { SavedOutputs } from '../../saved-outputs';

/** What every details editor reads: the canvas, the selected element and the bot's lists. */
export interface DetailsContext {
  canvas: FlowCanvas;
  elementId: string;
  languages: readonly string[];
  /** The language whose texts are shown (the selector appears with more than one). */
  language: string;
  rights: EditorRights;
  functions: readonly FunctionView[];
  llms: ReadonlyArray<{ llmId: string; llmDisplayName: string; model?: string | null }>;
  /** Variables a condition may check: the flow's outputs and the bot's variables. */
  variables: readonly string[];
  /** The bot's own variables and objects (not the flow's outputs): names a rename may not take. */
  botVariables: readonly string[];
  /** Entities a multiple entity check may ask for (not simple ones). */
  entityNames: readonly string[];
  /** Closed-list entities: what Is canonical offers (spec 03 section 5). */
  closedListEntityNames: readonly string[];
  isWelcomeIntent: boolean;
  botName: string;
  /** The bot's settings: the engine label names their providers (spec 03 section 2.5). */
  settings: Readonly<Record<string, unknown>>;
  /** Each block's outputs as loaded or last saved: only newer ones may be renamed. */
  savedOutputs: SavedOutputs;
}

/** The element's data per language, with every editor language present. */
export function dataOf(context: DetailsContext): CustomData {
  const element = context.canvas.element(context.elementId);
  if (!element) return {};
  const stored = context.canvas.blocks().find((block) => block.id === context.elementId)?.customData ?? {};
  const first = Object.values(stored)[0] ?? {};
  return Object.fromEntries(
    [...new Set([...context.languages, ...Object.keys(stored)])].map((language) => [
      language,
      stored[language] ?? structuredClone(first),
    ]),
  );
}

/** Sets keys in every language: what a block does (fc, condition, outcome) is not per language. */
export function patchAll(context: DetailsContext, patch: BlockData): void {
  const data = dataOf(context);
  context.canvas.setCustomData(
    context.elementId,
    Object.fromEntries(Object.entries(data).map(([language, values]) => [language, { ...values, ...patch }])),
  );
}

/** Sets keys in the shown language only: texts are per language (spec 03 section 3.2). */
export function patchLanguage(context: DetailsContext, patch: BlockData): void {
  const data = dataOf(context);
  context.canvas.setCustomData(context.elementId, {
    ...data,
    [context.language]: { ...(data[context.language] ?? {}), ...patch },
  });
}

/** Replaces the data of every language at once (a new function: fresh outputs everywhere). */
export function replaceAll(context: DetailsContext, values: BlockData): void {
  const data = dataOf(context);
  context.canvas.setCustomData(
    context.elementId,
    Object.fromEntries(Object.keys(data).map((language) => [language, structuredClone(values)])),
  );
}
