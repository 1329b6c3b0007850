/** What the Teams calls answer a user (spec 04 section 8: the server's message is shown). */
export const TEAMS_MESSAGES = {
  refused: 'Microsoft did not accept this app ID and password.',
  unreachable: 'Microsoft could not be reached to check the app ID and password. Try again in a moment.',
  notEnabled: 'Enable Teams first: save an app ID and password that Microsoft accepts.',
  notSigned: 'This request is not signed by the Bot Framework.',
} as const;
