import { API_CONVERSATION_LIFETIME } from '@parley/contracts';

const { minSeconds, maxSeconds, secondsPerUnit } = API_CONVERSATION_LIFETIME;

/** The API dialog's conversation timeout is shown in minutes and sent in seconds (spec 04 section 9). */
export const TIMEOUT_MINUTES = {
  min: minSeconds / secondsPerUnit,
  max: maxSeconds / secondsPerUnit,
} as const;

/** The field's minutes as the seconds the server takes, or undefined when they are not a whole number in range. */
export function lifetimeSecondsOf(minutes: string): number | undefined {
  if (!/^\d{1,6}$/.test(minutes.trim())) return undefined;
  const value = Number(minutes.trim());
  return value >= TIMEOUT_MINUTES.min && value <= TIMEOUT_MINUTES.max ? value * secondsPerUnit : undefined;
}

/** The seconds the server keeps, as the field's minutes. */
export const minutesOf = (seconds: number): string => String(Math.round(seconds / secondsPerUnit));
