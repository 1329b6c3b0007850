import { FEATURES_MESSAGES, permissionLabel } from '@parley/contracts';

/** The Features tab's own words (the rules' messages are the contracts' FEATURES_MESSAGES). */
export const FEATURES_UI = {
  sidebar: 'Features',
  loading: 'Loading the settings...',
  loadFailed: 'The settings could not be loaded.',
  chatBubbleOff: 'Enable the Chat Bubble channel in the Configuration tab to set up chat bubbles.',
  readOnly: (permission: number) => FEATURES_MESSAGES.readOnly(permissionLabel(permission)),
} as const;
