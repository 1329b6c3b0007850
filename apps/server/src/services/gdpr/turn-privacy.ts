import {
  type GdprSettings,
  type InboundActivity,
  NOT_RECORDED_TEXT,
  type OutboundActivity,
  REMOVE_USER_DATA_EVENT,
} from '@parley/contracts';
import { type Masker, maskDeep, maskerOf } from './masking';

/**
 * What of a turn is kept (spec 04 section 3.7): with masking on, the log and the stored state
 * hold the masked texts; for a user who did not consent, the log holds no texts at all.
 */
export interface TurnRecording {
  activity<T extends InboundActivity | OutboundActivity>(activity: T): T;
  state(state: Record<string, unknown>): Record<string, unknown>;
}

const notRecorded: Masker = (text) => (text === '' ? text : NOT_RECORDED_TEXT);

export function turnRecording(gdpr: GdprSettings, isRecorded: boolean): TurnRecording {
  const mask: Masker = gdpr.maskPersonalData ? maskerOf(gdpr.maskingPatterns) : (text) => text;
  return {
    activity: (activity) => maskDeep(activity, isRecorded ? mask : notRecorded),
    state: (state) => maskDeep(state, mask),
  };
}

/** The user asks for their data to be removed, and the bot lets them (removeUserData on). */
export const isRemovalRequest = (gdpr: GdprSettings, activity: InboundActivity): boolean =>
  gdpr.removeUserData && activity.type === 'event' && activity.name === REMOVE_USER_DATA_EVENT;
