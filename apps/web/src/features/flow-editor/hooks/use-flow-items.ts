import { useIntents } from '../../bot-content';
import { useFunctions } from '../../functions';
import { type EditorMode, WELCOME_INTENT, WELCOME_INTENT_LABEL } from '../flow-owner';

/** One entry of the item selector: a flow to switch to, or the disabled 'App' header. */
export interface FlowItem {
  name: string;
  label: string;
  isHeader?: boolean;
}

/**
 * The flows the item selector lists (spec 03 section 2.2): in intents mode the Welcome Intent
 * first, the 'App' header, then the normal intents (FAQ intents have no flow); in functions mode
 * the functions of type flow.
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
  const isWelcome = (name: string) => name.toLowerCase() === WELCOME_INTENT.toLowerCase();
  const welcome = intents.data.filter((intent) => isWelcome(intent.name));
  const normal = intents.data.filter((intent) => intent.type === 'normal' && !isWelcome(intent.name));
  return {
    items: [
      ...welcome.map((intent) => ({ name: intent.name, label: WELCOME_INTENT_LABEL })),
      { name: '', label: 'App', isHeader: true },
      ...normal.map((intent) => ({ name: intent.name, label: intent.name })),
    ],
    faqNames: intents.data.filter((intent) => intent.type === 'faq').map((intent) => intent.name),
  };
}
