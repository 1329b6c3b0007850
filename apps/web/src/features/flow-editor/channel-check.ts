import type { CustomData } from '@parley/editor';

export { channelRestrictions } from '@parley/flows/blocks';

/** The fc of a block's first language, as the server's flow document has it. */
export const firstFcOf = (customData: CustomData): string | null => {
  const fc = Object.values(customData)[0]?.fc;
  return typeof fc === 'string' && fc !== '' ? fc : null;
};
