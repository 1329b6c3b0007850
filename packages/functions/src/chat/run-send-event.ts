import { convertInputValue, type FunctionDefinitionOf, fillPlaceholders } from '@parley/contracts';
import { RunFailure } from '../run-failure';
import type { RunnerResult } from '../runner';

export const SEND_EVENT_NOTICE =
  'Run outside a chat, no event is sent: this is the event the chat would receive.';

/**
 * In a chat, a Send Event function sends an event to the web chat's page. Run Function has
 * no chat, so it answers the event with its inputs filled in (parsed when it is JSON).
 */
export async function runSendEvent(
  definition: FunctionDefinitionOf<'sendEvent'>,
  inputs: Record<string, unknown>,
): Promise<RunnerResult> {
  const event = fillPlaceholders(definition.event, inputs).trim();
  if (event === '') throw new RunFailure('Please provide an event to send');
  return { output: { event: convertInputValue(event) }, notice: SEND_EVENT_NOTICE };
}
