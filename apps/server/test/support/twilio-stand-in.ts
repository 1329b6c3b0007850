import { createHmac, randomBytes } from 'node:crypto';
import { type StandIn, type StandInReply, type StandInRequest, startStandIn } from './stand-in';

/** A Twilio account the stand-in knows: its credentials and the phone numbers it owns. */
export interface TwilioStandInAccount {
  accountSid: string;
  authToken: string;
  /** Numbers the account may send from (E.164; WhatsApp senders as 'whatsapp:+...'). */
  numbers: readonly string[];
}

/** A resource the API created (a message sent, a call placed), with the form fields it got. */
export interface TwilioCreated {
  sid: string;
  accountSid: string;
  params: Record<string, string | string[]>;
}

export interface TwilioStandIn {
  url: string;
  standIn: StandIn;
  /** Messages the API accepted (POST .../Messages.json), in order. */
  messages(): TwilioCreated[];
  /** Calls the API accepted or changed (POST .../Calls.json and .../Calls/{sid}.json), in order. */
  calls(): TwilioCreated[];
  /** Makes the API answer 503 (down) until called with false. */
  setDown(isDown: boolean): void;
  close(): Promise<void>;
}

/** Twilio's error body (twilio.com/docs/api/errors): the HTTP status repeated, Twilio's code, a message. */
const twilioError = (status: number, code: number, message: string): StandInReply => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const E164 = /^\+[1-9]\d{6,14}$/;
/** The Messages API's Body limit. */
const BODY_MAX_LENGTH = 1600;
const MAX_MEDIA = 10;
const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/** A form's fields as Twilio reads them: a repeated name (MediaUrl) is a list. */
function formOf(request: StandInRequest): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of request.form ?? []) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
}

/** The account of a request's Basic authorization (AccountSid:AuthToken), if it is one the stand-in knows. */
function accountOf(request: StandInRequest, accounts: readonly TwilioStandInAccount[]) {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return undefined;
  const [user, ...password] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return accounts.find((a) => a.accountSid === user && a.authToken === password.join(':'));
}

const listOf = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** POST Messages.json, checked as Twilio's Messages resource does (twilio.com/docs/messaging/api/message-resource). */
function createMessage(
  account: TwilioStandInAccount,
  params: Record<string, string | string[]>,
): StandInReply {
  const to = typeof params.To === 'string' ? params.To : '';
  const from = typeof params.From === 'string' ? params.From : '';
  const body = typeof params.Body === 'string' ? params.Body : '';
  const media = listOf(params.MediaUrl);
  if (to === '') return twilioError(400, 21604, "A 'To' phone number is required.");
  if (from === '' && params.MessagingServiceSid === undefined)
    return twilioError(400, 21603, "A 'From' phone number is required.");
  if (body === '' && media.length === 0 && params.ContentSid === undefined)
    return twilioError(400, 21602, 'Message body is required.');
  if (body.length > BODY_MAX_LENGTH)
    return twilioError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
  if (media.length > MAX_MEDIA)
    return twilioError(400, 21623, 'Number of media files exceeds allowed limit.');
  if (media.some((url) => !/^https?:\/\/\S+$/.test(url)))
    return twilioError(400, 21620, 'Invalid media URL(s).');
  const isWhatsApp = (number: string) => number.startsWith('whatsapp:');
  if (isWhatsApp(to) !== isWhatsApp(from))
    return twilioError(400, 21910, 'Invalid From and To pair. From and To should be of the same channel.');
  if (!E164.test(to.replace(/^whatsapp:/, '')))
    return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
  if (!account.numbers.includes(from))
    return twilioError(
      400,
      21606,
      `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
    );
  const sid = sidOf('SM');
  const now = new Date().toUTCString();
  return {
    status: 201,
    body: {
      sid,
      account_sid: account.accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_updated: now,
      date_sent: null,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      to,
      messaging_service_sid: null,
      num_media: String(media.length),
      num_segments: String(Math.max(1, Math.ceil(body.length / 153))),
      price: null,
      price_unit: 'USD',
      status: 'queued',
      subresource_uris: { media: `/2010-04-01/Accounts/${account.accountSid}/Messages/${sid}/Media.json` },
      uri: `/2010-04-01/Accounts/${account.accountSid}/Messages/${sid}.json`,
    },
  };
}

/** POST Calls.json (twilio.com/docs/voice/api/call-resource): To, From and what to run (Url, Twiml or ApplicationSid). */
function createCall(account: TwilioStandInAccount, params: Record<string, string | string[]>): StandInReply {
  const to = typeof params.To === 'string' ? params.To : '';
  const from = typeof params.From === 'string' ? params.From : '';
  if (to === '') return twilioError(400, 21201, "No 'To' number is specified");
  if (from === '') return twilioError(400, 21213, "No 'From' number is specified");
  if (params.Url === undefined && params.Twiml === undefined && params.ApplicationSid === undefined)
    return twilioError(400, 21205, 'Url parameter is required.');
  if (!account.numbers.includes(from))
    return twilioError(
      400,
      21210,
      `The source phone number provided, ${from}, is not yet verified for your account.`,
    );
  return { status: 201, body: callResource(account, sidOf('CA'), to, from, 'queued') };
}

const callResource = (
  account: TwilioStandInAccount,
  sid: string,
  to: string,
  from: string,
  status: string,
) => ({
  sid,
  account_sid: account.accountSid,
  api_version: '2010-04-01',
  direction: 'outbound-api',
  from,
  to,
  status,
  uri: `/2010-04-01/Accounts/${account.accountSid}/Calls/${sid}.json`,
});

/**
 * A stand-in of Twilio's REST API (api.twilio.com/2010-04-01): Basic authorization with the
 * Account SID and auth token (401 'Authenticate', code 20003, otherwise), an account reaches
 * only its own resources (404, code 20404), the Accounts fetch, and the Messages and Calls
 * resources with their required fields and limits, answering Twilio's JSON resources (201) and
 * error bodies `{code, message, more_info, status}`.
 */
export async function startTwilioStandIn(accounts: readonly TwilioStandInAccount[]): Promise<TwilioStandIn> {
  const messages: TwilioCreated[] = [];
  const calls: TwilioCreated[] = [];
  let isDown = false;
  const standIn = await startStandIn((request) => {
    if (isDown) return twilioError(503, 20503, 'Service Unavailable');
    const account = accountOf(request, accounts);
    if (!account) return twilioError(401, 20003, 'Authenticate');
    const match = /^\/2010-04-01\/Accounts\/([^/]+?)(?:\.json|\/(Messages|Calls)(?:\/([^/]+))?\.json)$/.exec(
      request.path,
    );
    const [, sid, resource, resourceSid] = match ?? [];
    if (!match || sid !== account.accountSid)
      return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
    if (!resource && request.method === 'GET')
      return {
        body: {
          sid: account.accountSid,
          friendly_name: 'My first Twilio account',
          status: 'active',
          type: 'Full',
          uri: `/2010-04-01/Accounts/${account.accountSid}.json`,
        },
      };
    if (request.method !== 'POST') return twilioError(405, 20004, 'Method not allowed');
    if (!request.headers['content-type']?.includes('application/x-www-form-urlencoded'))
      return twilioError(400, 20001, 'Requests must be form-encoded.');
    const params = formOf(request);
    if (resource === 'Messages' && !resourceSid) {
      const reply = createMessage(account, params);
      if (reply.status === 201)
        messages.push({ sid: (reply.body as { sid: string }).sid, accountSid: sid, params });
      return reply;
    }
    if (resource === 'Calls' && !resourceSid) {
      const reply = createCall(account, params);
      if (reply.status === 201)
        calls.push({ sid: (reply.body as { sid: string }).sid, accountSid: sid, params });
      return reply;
    }
    if (resource === 'Calls' && resourceSid) {
      calls.push({ sid: resourceSid, accountSid: sid, params });
      const status = typeof params.Status === 'string' ? params.Status : 'in-progress';
      return { body: callResource(account, resourceSid, '', '', status) };
    }
    return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
  });
  return {
    url: standIn.url,
    standIn,
    messages: () => [...messages],
    calls: () => [...calls],
    setDown(next) {
      isDown = next;
    },
    close: () => standIn.close(),
  };
}

/**
 * X-Twilio-Signature as Twilio computes it (twilio.com/docs/usage/security): HMAC-SHA1 with the
 * auth token over the full URL followed by each form field's name and value, sorted by name;
 * Base64. Written here from Twilio's description, independently of the SDK the server checks with.
 */
export function twilioSignatureOf(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** A random account: AC and 32 hex digits, a token of 32 hex digits. */
export const newTwilioAccount = (numbers: readonly string[]): TwilioStandInAccount => ({
  accountSid: `AC${randomBytes(16).toString('hex')}`,
  authToken: randomBytes(16).toString('hex'),
  numbers,
});
