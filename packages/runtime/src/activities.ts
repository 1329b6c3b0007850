import type { InboundActivity, OutboundActivity } from '@parley/contracts';

/** Activities are declared in the contracts (the API, the websocket and channels read them). */
export type { InboundActivity, OutboundActivity };

/** The text a user's activity stands for: what they typed, or the button they clicked. */
export function textOfActivity(activity: InboundActivity): string {
  if (activity.type === 'text' || activity.type === 'click') return activity.text;
  if (activity.type === 'attachment') return activity.text ?? '';
  return '';
}
