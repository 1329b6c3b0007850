/**
 * What other features use of channels: each channel's settings dialog, loaded when it opens
 * (each is its own chunk, so the configuration tab loads none of them until then).
 */
export const loadExternalApiDialog = () => import('./api/ExternalApiDialog').then((m) => m.ExternalApiDialog);
export const loadTelegramDialog = () => import('./telegram/TelegramDialog').then((m) => m.TelegramDialog);
export const loadSlackDialog = () => import('./slack/SlackDialog').then((m) => m.SlackDialog);
export const loadTeamsDialog = () => import('./teams/TeamsDialog').then((m) => m.TeamsDialog);
export const loadFacebookDialog = () => import('./facebook/FacebookDialog').then((m) => m.FacebookDialog);
export const loadTwilioMessagesDialog = () =>
  import('./twilio/TwilioMessagesDialog').then((m) => m.TwilioMessagesDialog);
export const loadTwilioVoiceDialog = () =>
  import('./twilio/TwilioVoiceDialog').then((m) => m.TwilioVoiceDialog);
export const loadMailDialog = () => import('./mail/MailDialog').then((m) => m.MailDialog);
export const loadAlexaDialog = () => import('./alexa/AlexaDialog').then((m) => m.AlexaDialog);
