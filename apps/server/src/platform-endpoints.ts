/**
 * Where Parley reaches each platform, and what it trusts for their requests: the platforms' real
 * addresses by default; an operator (or a test's stand-in of the platform) sets another by the
 * environment variable named here. Declared once: config.ts reads them all.
 */
export const PLATFORM_ENDPOINTS = {
  /** Telegram Bot API: `${url}/bot${token}/${method}`. */
  telegram: { env: 'TELEGRAM_API_URL', url: 'https://api.telegram.org' },
  /** Slack Web API (chat.postMessage, oauth.v2.access, auth.test). */
  slackApi: { env: 'SLACK_API_URL', url: 'https://slack.com/api/' },
  /** Where a Slack workspace admin installs the app (OAuth v2). */
  slackAuthorize: { env: 'SLACK_AUTHORIZE_URL', url: 'https://slack.com/oauth/v2/authorize' },
  /** Bot Framework: the token service the bot's app id and password get a connector token from. */
  botFrameworkToken: {
    env: 'BOTFRAMEWORK_TOKEN_URL',
    url: 'https://login.microsoftonline.com/botframework.com/oauth2/v2.0/token',
  },
  /** Bot Framework: the OpenID metadata whose keys sign the requests the channel service sends. */
  botFrameworkOpenId: {
    env: 'BOTFRAMEWORK_OPENID_URL',
    url: 'https://login.botframework.com/v1/.well-known/openidconfiguration',
  },
  /** Facebook Graph API (the Send API, and checking a page token). */
  facebookGraph: { env: 'FACEBOOK_GRAPH_URL', url: 'https://graph.facebook.com/v21.0' },
  /** Twilio REST API (Messages, Calls). */
  twilioApi: { env: 'TWILIO_API_URL', url: 'https://api.twilio.com' },
  /** Alexa: where the signing certificate chains named by SignatureCertChainUrl are fetched from. */
  alexaCertificates: { env: 'ALEXA_CERTIFICATES_URL', url: 'https://s3.amazonaws.com' },
  /** Alexa Skill Management API (create and delete skills). */
  alexaSkillManagement: { env: 'ALEXA_SMAPI_URL', url: 'https://api.amazonalexa.com' },
  /** Login with Amazon's token service. */
  loginWithAmazon: { env: 'LOGIN_WITH_AMAZON_URL', url: 'https://api.amazon.com/auth/o2/token' },
  /** The e-mail channel's mailbox: IMAP for what users write (Office 365 by default). */
  mailImap: { env: 'MAIL_CHANNEL_IMAP_URL', url: 'imaps://outlook.office365.com:993' },
  /** The e-mail channel's replies: SMTP with STARTTLS (Office 365 by default). */
  mailSmtp: { env: 'MAIL_CHANNEL_SMTP_URL', url: 'smtp://smtp.office365.com:587' },
} as const satisfies Record<string, { env: string; url: string }>;

export type PlatformEndpoint = keyof typeof PLATFORM_ENDPOINTS;
export type PlatformEndpoints = Record<PlatformEndpoint, string>;

/** Every endpoint from the environment, else its default; a value that is no URL is an error to the operator. */
export function platformEndpointsFrom(env: NodeJS.ProcessEnv): {
  endpoints: PlatformEndpoints;
  problems: string[];
} {
  const problems: string[] = [];
  const endpoints = Object.fromEntries(
    Object.entries(PLATFORM_ENDPOINTS).map(([name, { env: variable, url }]) => {
      const value = env[variable]?.trim();
      if (value && !URL.canParse(value)) problems.push(`  ${variable}: must be a URL`);
      return [name, value && URL.canParse(value) ? value : url];
    }),
  ) as PlatformEndpoints;
  return { endpoints, problems };
}

/**
 * Operator settings of platforms that need the operator's own app: Login with Amazon (the Alexa
 * dialog's create and delete skill calls) and the CA the Alexa signing certificates chain to
 * (Node's own roots unless set).
 */
export interface PlatformOperatorSettings {
  loginWithAmazon: { clientId: string; clientSecret: string } | undefined;
  alexaTrustedCaPem: string | undefined;
}
