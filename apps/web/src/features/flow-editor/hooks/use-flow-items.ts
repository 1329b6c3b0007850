import { isWelcomeIntentName, WELCOME_INTENT, WELCOME_INTENT_LABEL } from '@parley/contracts';
import { useIntents } from '../../bot-content';
import { useFunctions } from '../../functions';
import type { EditorMode } from '../flow-owner';

/** One entry of the item selector: a flow to switch to, or the disabled 'App' header. */
export interface FlowItem {
  name: string;
  label: string;
  isHeader?: boolean;
  /** The Welcome Intent of a bot that has no intent named Welcome yet: the editor offers to make it. */
  isMissing?: boolean;
}

/**
 * The flows the item selector lists (spec 03 section 2.2): in intents mode the Welcome Intent
 * first (the intent named Welcome; listed even before it exists, so that it can be made there),
 * the 'App' header, then the normal intents (FAQ intents have no flow); in functions mode the
 * functions of type flow.
 */
export function useFlowItems(
  botName: string,
  mode: EditorMode,
): { items: FlowItem[] | undefined; faqNames: string[] } {
  const intents = useIntents(botName);
  const functions = useFunctions(botName);
  if (mode === 'functions') {
    return {
      items: functions.data
        ?.filter((fn) => fn.type === 'flow')
        .map((fn) => ({ name: fn.name, label: fn.name })),
      faqNames: [],
    };
  }
  if (!intents.data) return { items: undefined, faqNames: [] };
  const welcome = intents.data.find((intent) => isWelcomeIntentName(intent.name));
  const normal = intents.data.filter(
    (intent) => intent.type === 'normal' && !isWelcomeIntentName(intent.name),
  );
  return {
    items: [
      welcome
        ? { name: welcome.name, label: WELCOME_INTENT_LABEL }
        : { name: WELCOME_INTENT, label: WELCOME_INTENT_LABEL, isMissing: true },
      { name: '', label: 'App', isHeader: true },
      ...normal.map((intent) => ({ name: intent.name, label: intent.name })),
    ],
    faqNames: intents.data.filter((intent) => intent.type === 'faq').map((intent) => intent.name),
  };
}
