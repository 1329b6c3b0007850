import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  AlexaVerificationError,
  signingCertificateOf,
} from '../src/services/channels/alexa/alexa-request-verification';
import { expectStatus } from './support/admin-world';
import {
  type AlexaCertificates,
  type AlexaChainName,
  type AlexaSession,
  alexaEnvelope,
  alexaSignatureHeaders,
  builtInIntent,
  catchAllIntent,
  type InteractionModelBody,
  launchRequest,
  makeAlexaCertificates,
  SIGNING_CERTIFICATE_DAYS,
  SMAPI,
  sessionEndedRequest,
  startCertificateStandIn,
  startSmapiStandIn,
} from './support/alexa-stand-in';
import {
  type ChannelTemplateBot,
  channelTemplateBot,
  conversationsOn,
  setChannelEnabled,
  TEMPLATE_CONVERSATION,
} from './support/channel-bots';
import { testDatabases } from './support/databases';
import { createFuzzLog, HOSTILE_RAW_BODIES, HOSTILE_VALUES, hostileBodies } from './support/fuzz';
import type { StandIn } from './support/stand-in';
import { type MasterWorld, signUpMaster } from './support/tenant-world';
import { startTestServer, type TestServer } from './support/test-server';

const SKILL_ID = 'amzn1.ask.skill.0a1b2c3d-4e5f-6789-abcd-ef0123456789';

interface AlexaAnswer {
  version: string;
  sessionAttributes?: Record<string, unknown>;
  response: {
    outputSpeech?: { type: string; ssml: string };
    reprompt?: { outputSpeech: { type: string; ssml: string } };
    card?: { type: string; title?: string; content?: string; text?: string };
    shouldEndSession?: boolean;
  };
}

/**
 * Amazon Alexa (issue 14): a custom skill's HTTPS endpoint. Requests are signed as Alexa signs
 * them, with certificate chains the test makes from its own root CA (the server trusts it instead
 * of Node's roots) and serves as S3 does; every check Amazon requires of a web-service skill must
 * refuse what it is there to refuse, before anything reaches the bot. The support template is
 * talked to by voice requests, and the skill is created and deleted through a stand-in of SMAPI.
 */
describe.each(testDatabases())('Amazon Alexa on %s', (kind) => {
  let server: TestServer;
  let base: MasterWorld;
  let bot: ChannelTemplateBot;
  let certificates: AlexaCertificates;
  let certificateStandIn: StandIn;
  let smapi: Awaited<ReturnType<typeof startSmapiStandIn>>;
  let webhookPath: string;
  const keysPath = () => `/api/amazon/${bot.botPath}/keys`;

  beforeAll(async () => {
    certificates = makeAlexaCertificates();
    certificateStandIn = await startCertificateStandIn(certificates);
    smapi = await startSmapiStandIn();
    server = await startTestServer(kind);
    server.ctx.config.platforms.alexaCertificates = certificateStandIn.url;
    server.ctx.config.platforms.alexaSkillManagement = smapi.standIn.url;
    server.ctx.config.platformOperator.alexaTrustedCaPem = certificates.rootPem;
    base = await signUpMaster(server);
    bot = await channelTemplateBot(server, base, ['alexa']);
    const keys = expectStatus(
      await bot.admin('PUT', keysPath(), { skillId: SKILL_ID, skillName: 'Support Desk' }),
      200,
    ).json();
    webhookPath = new URL(keys.endpointUrl).pathname;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await certificateStandIn?.close();
    await smapi?.standIn.close();
  });

  const newSession = (overrides: Partial<AlexaSession> = {}): AlexaSession => ({
    skillId: SKILL_ID,
    userId: `amzn1.ask.account.${randomUUID()}`,
    sessionId: `amzn1.echo-api.session.${randomUUID()}`,
    isNew: true,
    ...overrides,
  });

  /** Posts a body to the skill endpoint, signed unless told otherwise. */
  const post = (
    body: string,
    options: {
      chain?: AlexaChainName;
      chainUrl?: string;
      headers?: Record<string, string>;
      path?: string;
    } = {},
  ) =>
    server.request({
      method: 'POST',
      url: options.path ?? webhookPath,
      body,
      headers: options.headers ?? alexaSignatureHeaders(certificates, body, options),
    });

  /** One request of a session, as Alexa sends it; the session carries the attributes the skill answered. */
  async function say(
    session: AlexaSession,
    request: Record<string, unknown> & { type: string },
    options: { requestId?: string } = {},
  ): Promise<AlexaAnswer> {
    const response = await post(JSON.stringify(alexaEnvelope(session, request, options)));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as AlexaAnswer;
    session.isNew = false;
    session.attributes = answer.sessionAttributes ?? {};
    return answer;
  }

  const conversationsOf = async (session: AlexaSession) =>
    (await conversationsOn(server, bot, 'alexa')).filter((c) => c.userKey === `alexa:${session.userId}`);

  test('keys: the skill endpoint to enter in the console, the options word, and bad values refused', async () => {
    const keys = expectStatus(await bot.admin('GET', keysPath()), 200).json();
    expect(keys).toMatchObject({ skillId: SKILL_ID, skillName: 'Support Desk', optionsMessage: 'option' });
    expect(keys.endpointUrl).toMatch(/^http:\/\/parley\.test\/webhooks\/amazon\/[A-Za-z0-9_-]+$/);
    const bad = async (body: unknown, message: string) =>
      expect(expectStatus(await bot.admin('PUT', keysPath(), body), 400).json().message).toBe(message);
    await bad({ skillId: 'amzn1.ask.skill.not hex!' }, 'A skill ID starts with amzn1.ask.skill.');
    await bad({ skillName: 'x'.repeat(51) }, 'Skill name holds at most 50 characters.');
    await bad({ optionsMessage: 7 }, 'Options message must be text.');
    // The endpoint is the server's: a PUT cannot move it.
    const again = expectStatus(
      await bot.admin('PUT', keysPath(), { endpointUrl: 'https://evil.example' }),
      200,
    ).json();
    expect(again.endpointUrl).toBe(keys.endpointUrl);
    const configuration = expectStatus(
      await bot.admin('GET', `/api/bots/${bot.botPath}/configuration`),
      200,
    ).json();
    expect(configuration.channels.find((c: { id: string }) => c.id === 'alexa')).toMatchObject({
      connected: true,
      enabled: true,
    });
  });

  test('the support template by voice: opening the skill greets, bye reads the rating options, option one thanks', async () => {
    const session = newSession();
    const greeting = await say(session, launchRequest());
    expect(greeting.version).toBe('1.0');
    expect(greeting.response.outputSpeech?.type).toBe('SSML');
    expect(greeting.response.outputSpeech?.ssml).toMatch(/^<speak>.*<\/speak>$/s);
    expect(greeting.response.outputSpeech?.ssml).toContain(TEMPLATE_CONVERSATION.greeting);
    expect(greeting.response.shouldEndSession).toBe(false);
    expect(greeting.response.reprompt?.outputSpeech.ssml).toContain('<speak>');
    expect(greeting.response.card).toMatchObject({ type: 'Simple', title: 'Support Desk' });
    expect(greeting.response.card?.content).toContain(TEMPLATE_CONVERSATION.greeting);

    const rating = await say(session, catchAllIntent(TEMPLATE_CONVERSATION.goodbyeSaid));
    const ssml = rating.response.outputSpeech?.ssml ?? '';
    expect(ssml).toContain(TEMPLATE_CONVERSATION.rating.replace(/'/g, '&apos;'));
    expect(ssml).toContain(
      'Say option 1 for Very Satisfied, option 2 for Satisfied, option 3 for Neutral, option 4 for Unsatisfied, or option 5 for Very unsatisfied.',
    );
    expect(rating.sessionAttributes).toEqual({ parleyOptions: [...TEMPLATE_CONVERSATION.ratingOptions] });
    expect(rating.response.reprompt?.outputSpeech.ssml).toContain('option 5 for Very unsatisfied');
    expect(rating.response.card?.content).toContain('1. Very Satisfied');
    expect(rating.response.shouldEndSession).toBe(false);

    const thanks = await say(session, catchAllIntent('option one'));
    expect(thanks.response.outputSpeech?.ssml).toContain(TEMPLATE_CONVERSATION.thanks);

    const [conversation, ...others] = await conversationsOf(session);
    expect(others).toEqual([]);
    const userSaid = conversation?.turns.filter((t) => t.direction === 'in').map((t) => t.activity);
    expect(userSaid).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'text', text: 'bye' },
      { type: 'click', text: 'Very Satisfied' },
    ]);
  });

  test('SessionEndedRequest ends the conversation; the next launch starts a new one', async () => {
    const session = newSession();
    await say(session, launchRequest());
    const ended = await say(session, sessionEndedRequest('EXCEEDED_MAX_REPROMPTS'));
    expect(ended).toEqual({ version: '1.0', response: {} });
    const [first] = await conversationsOf(session);
    expect(first?.endedAt).not.toBeNull();

    const next = { ...session, sessionId: `amzn1.echo-api.session.${randomUUID()}`, isNew: true };
    await say(next, launchRequest());
    const all = await conversationsOf(session);
    expect(all).toHaveLength(2);
    expect(all.filter((c) => c.endedAt === null)).toHaveLength(1);
  });

  test('a new session starts a new conversation even when the old one was not ended', async () => {
    const session = newSession();
    await say(session, launchRequest());
    await say({ ...session, isNew: true }, catchAllIntent(TEMPLATE_CONVERSATION.goodbyeSaid));
    const all = await conversationsOf(session);
    expect(all).toHaveLength(2);
    expect(all.filter((c) => c.endedAt === null)).toHaveLength(1);
  });

  test('stop ends the session and the conversation; help is passed to the bot as words', async () => {
    const session = newSession();
    await say(session, launchRequest());
    const help = await say(session, builtInIntent('AMAZON.HelpIntent'));
    expect(help.response.shouldEndSession).toBe(false);
    // Words Alexa could not place come as no words: the bot answers as to an empty message.
    const unclear = await say(session, builtInIntent('AMAZON.FallbackIntent'));
    expect(unclear.response.shouldEndSession).toBe(false);
    expect(unclear.response.outputSpeech?.ssml).toMatch(/^<speak><p>.+<\/p><\/speak>$/s);
    const stop = await say(session, builtInIntent('AMAZON.StopIntent'));
    expect(stop.response).toEqual({ shouldEndSession: true });
    const [conversation] = await conversationsOf(session);
    expect(conversation?.endedAt).not.toBeNull();
    expect(conversation?.turns.filter((t) => t.direction === 'in').map((t) => t.activity)).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'text', text: 'help' },
      { type: 'text', text: '' },
    ]);
  });

  test('a retried request id is answered once: one turn, the same answer', async () => {
    const session = newSession();
    const requestId = `amzn1.echo-api.request.${randomUUID()}`;
    const first = await say(session, launchRequest(), { requestId });
    const retry = await say({ ...session, isNew: true }, launchRequest(), { requestId });
    expect(retry).toEqual(first);
    const conversations = await conversationsOf(session);
    expect(conversations).toHaveLength(1);
    expect(conversations[0]?.endedAt).toBeNull();
    expect(conversations[0]?.turns.filter((t) => t.direction === 'in')).toHaveLength(1);
  });

  describe('requests Alexa did not sign for this skill are refused and reach no bot', () => {
    /** Sends a launch of a fresh user and expects a refusal and no conversation. */
    async function expectRefused(
      send: (body: string) => ReturnType<typeof post>,
      envelopeOptions: { timestamp?: string; skillId?: string } = {},
    ) {
      const session = newSession(envelopeOptions.skillId ? { skillId: envelopeOptions.skillId } : {});
      const body = JSON.stringify(alexaEnvelope(session, launchRequest(), envelopeOptions));
      const response = await send(body);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().code).toBe('unauthorised_error_code');
      expect(await conversationsOf(session)).toEqual([]);
    }

    test('a correctly signed request is taken (the check below each refusal passes otherwise)', async () => {
      const session = newSession();
      const response = await post(JSON.stringify(alexaEnvelope(session, launchRequest())));
      expect(response.statusCode).toBe(200);
      expect(await conversationsOf(session)).toHaveLength(1);
    });

    test('missing signature headers', async () => {
      await expectRefused((body) => {
        const { 'signature-256': _gone, ...headers } = alexaSignatureHeaders(certificates, body);
        return post(body, { headers });
      });
      await expectRefused((body) => {
        const { signaturecertchainurl: _gone, ...headers } = alexaSignatureHeaders(certificates, body);
        return post(body, { headers });
      });
      await expectRefused((body) => post(body, { headers: { 'content-type': 'application/json' } }));
    });

    test.each([
      'http://s3.amazonaws.com/echo.api/good.pem',
      'https://notamazon.com/echo.api/good.pem',
      'https://s3.amazonaws.com.example.org/echo.api/good.pem',
      'https://s3.amazonaws.com/EcHo.aPi/good.pem',
      'https://s3.amazonaws.com/invalid.path/good.pem',
      'https://s3.amazonaws.com/echo.api/../invalid.path/good.pem',
      'https://s3.amazonaws.com:563/echo.api/good.pem',
      'https://s3.amazonaws.com:8443/echo.api/good.pem',
      'https://user@s3.amazonaws.com/echo.api/good.pem',
      'not a url',
    ])('a certificate chain URL Amazon does not sign with: %s', async (chainUrl) => {
      await expectRefused((body) => post(body, { chainUrl }));
    });

    test.each([
      'HTTPS://S3.AMAZONAWS.COM/echo.api/good.pem',
      'https://s3.amazonaws.com:443/echo.api/good.pem',
      'https://s3.amazonaws.com/echo.api/../echo.api/good.pem',
    ])('the same URL in other spellings is Amazon’s: %s', async (chainUrl) => {
      const body = JSON.stringify(alexaEnvelope(newSession(), launchRequest()));
      expect((await post(body, { chainUrl })).statusCode).toBe(200);
    });

    test('a chain that is not Amazon’s signing chain', async () => {
      // Signed by the chain's own key each time: only the chain is wrong.
      await expectRefused((body) => post(body, { chain: 'no-echo-api-name' }));
      await expectRefused((body) => post(body, { chain: 'untrusted' }));
      await expectRefused((body) => post(body, { chain: 'no-intermediate' }));
      // The good chain once its signing certificate has expired (its CAs have not).
      const trust = { certificatesUrl: certificateStandIn.url, trustedCaPem: certificates.rootPem };
      expect(() => signingCertificateOf(certificates.chains.good, trust)).not.toThrow();
      expect(() =>
        signingCertificateOf(
          certificates.chains.good,
          trust,
          Date.now() + (SIGNING_CERTIFICATE_DAYS + 1) * 86_400_000,
        ),
      ).toThrow(AlexaVerificationError);
      expect(() => signingCertificateOf(certificates.chains.good, trust, Date.now() - 86_400_000)).toThrow(
        AlexaVerificationError,
      );
      // A chain URL that answers nothing.
      await expectRefused((body) =>
        post(body, {
          headers: {
            ...alexaSignatureHeaders(certificates, body),
            signaturecertchainurl: 'https://s3.amazonaws.com/echo.api/missing.pem',
          },
        }),
      );
    });

    test('a tampered body, or a signature by another key', async () => {
      await expectRefused((body) => {
        const headers = alexaSignatureHeaders(certificates, body);
        return post(body.replace('LaunchRequest', 'LaunchRequest '), { headers });
      });
      await expectRefused((body) => {
        const headers = alexaSignatureHeaders(certificates, `${body} `);
        return post(body, { headers });
      });
      await expectRefused((body) =>
        post(body, {
          headers: {
            ...alexaSignatureHeaders(certificates, body, { chain: 'untrusted' }),
            signaturecertchainurl: 'https://s3.amazonaws.com/echo.api/good.pem',
          },
        }),
      );
    });

    test('a timestamp more than 150 seconds away, and another skill id', async () => {
      const at = (ms: number) => new Date(Date.now() + ms).toISOString();
      await expectRefused((body) => post(body), { timestamp: at(-151_000) });
      await expectRefused((body) => post(body), { timestamp: at(151_000) });
      await expectRefused((body) => post(body), { timestamp: 'yesterday' });
      await expectRefused((body) => post(body), {
        skillId: 'amzn1.ask.skill.99999999-0000-0000-0000-000000000000',
      });
      // Within the tolerance: taken.
      const session = newSession();
      const body = JSON.stringify(alexaEnvelope(session, launchRequest(), { timestamp: at(-120_000) }));
      expect((await post(body)).statusCode).toBe(200);
    });

    test('an unknown endpoint', async () => {
      const body = JSON.stringify(alexaEnvelope(newSession(), launchRequest()));
      expect((await post(body, { path: '/webhooks/amazon/no-such-endpoint' })).statusCode).toBe(404);
    });
  });

  test('the channel switched off on the Configuration tab: the skill says so and no bot answers', async () => {
    await setChannelEnabled(bot, 'alexa', false);
    try {
      const session = newSession();
      const answer = await say(session, launchRequest());
      expect(answer.response.outputSpeech?.ssml).toBe('<speak><p>This skill is switched off.</p></speak>');
      expect(answer.response.shouldEndSession).toBe(true);
      expect(await conversationsOf(session)).toEqual([]);
    } finally {
      await setChannelEnabled(bot, 'alexa', true);
    }
  });

  test('create and delete the skill through SMAPI with the Login with Amazon tokens', async () => {
    const create = (body: unknown) => bot.admin('POST', `/api/amazon/${bot.botPath}/create_skill`, body);
    const remove = (body: unknown) => bot.admin('POST', `/api/amazon/${bot.botPath}/delete_skill`, body);
    const tokens = { skillToken: SMAPI.skillToken, modelToken: SMAPI.modelToken, skillName: 'Support Desk' };
    const publicUrl = server.ctx.config.publicUrl;

    // Without the operator's Login with Amazon, there is nothing to log in with.
    expect(expectStatus(await bot.admin('GET', '/api/amazon/clientId'), 404).json().message).toMatch(
      /Login with Amazon is not set up/,
    );
    expectStatus(await create(tokens), 404);
    server.ctx.config.platformOperator.loginWithAmazon = {
      clientId: 'amzn1.application-oa2-client.test',
      clientSecret: 'test-secret',
    };
    try {
      expect(expectStatus(await bot.admin('GET', '/api/amazon/clientId'), 200).json()).toEqual({
        clientId: 'amzn1.application-oa2-client.test',
      });
      // The page Login with Amazon returns the dialog's sign-in window to: static, no script.
      const returnPage = await server.request({ method: 'GET', url: '/api/amazon/login-callback' });
      expect(returnPage.statusCode).toBe(200);
      expect(returnPage.headers['content-security-policy']).toBe("default-src 'none'");
      expect(returnPage.body).not.toContain('<script');
      // Alexa calls https endpoints only.
      expect(expectStatus(await create(tokens), 400).json().message).toMatch(/over https only/);
      server.ctx.config.publicUrl = 'https://parley.example.com';
      expect(expectStatus(await create({ ...tokens, skillToken: 'Atza|expired' }), 400).json().message).toBe(
        'Amazon refused the token: Token is invalid or expired.',
      );
      expect(expectStatus(await create({ ...tokens, skillName: '' }), 400).json().message).toMatch(
        /skill name needs at least 2/,
      );
      expect(expectStatus(await create({ ...tokens, modelToken: undefined }), 400).json().message).toBe(
        'The model token is required.',
      );

      const keys = expectStatus(await create(tokens), 200).json();
      expect(keys.skillId).toMatch(/^amzn1\.ask\.skill\./);
      expect(keys.skillId).not.toBe(SKILL_ID);
      expect(keys.skillName).toBe('Support Desk');
      expect(keys.endpointUrl).toMatch(/^https:\/\/parley\.example\.com\/webhooks\/amazon\//);
      const skill = smapi.skills.get(keys.skillId);
      expect(skill?.manifest).toMatchObject({
        manifestVersion: '1.0',
        apis: { custom: { endpoint: { uri: keys.endpointUrl, sslCertificateType: 'Trusted' } } },
        publishingInformation: { locales: { 'en-US': { name: 'Support Desk' } } },
      });
      const model = skill?.models['en-US'] as InteractionModelBody;
      expect(model.interactionModel?.languageModel?.invocationName).toBe('support desk');
      expect(model.interactionModel?.languageModel?.intents).toContainEqual(
        expect.objectContaining({
          name: 'ParleyCatchAll',
          slots: [{ name: 'query', type: 'AMAZON.SearchQuery' }],
        }),
      );
      expect(smapi.standIn.calls(/interactionModel/).at(-1)?.headers.authorization).toBe(
        `Bearer ${SMAPI.modelToken}`,
      );

      expect(expectStatus(await remove({ skillToken: 'Atza|expired' }), 400).json().message).toMatch(
        /Amazon refused the token/,
      );
      expect(smapi.skills.has(keys.skillId)).toBe(true);
      const removed = expectStatus(await remove({ skillToken: SMAPI.skillToken }), 200).json();
      expect(removed).toMatchObject({ skillId: '', skillName: '' });
      expect(smapi.skills.has(keys.skillId)).toBe(false);
      expect(expectStatus(await remove({ skillToken: SMAPI.skillToken }), 400).json().message).toBe(
        'This bot has no Alexa skill to delete.',
      );
    } finally {
      server.ctx.config.publicUrl = publicUrl;
      server.ctx.config.platformOperator.loginWithAmazon = undefined;
      expectStatus(await bot.admin('PUT', keysPath(), { skillId: SKILL_ID, skillName: 'Support Desk' }), 200);
    }
  });

  test('hostile bodies never get a 500: unsigned ones are refused, signed ones answered or refused as bad input', async () => {
    const log = createFuzzLog();
    const sample = alexaEnvelope(newSession(), catchAllIntent('hello')) as unknown as Record<string, unknown>;
    const texts = [
      ...hostileBodies(sample, HOSTILE_VALUES).map((body) => JSON.stringify(body) ?? ''),
      ...HOSTILE_RAW_BODIES,
      JSON.stringify({
        ...sample,
        request: { ...(sample.request as object), type: 'AudioPlayer.PlaybackStarted' },
      }),
      JSON.stringify({
        ...sample,
        request: {
          ...(sample.request as object),
          intent: { name: 'ParleyCatchAll', slots: { query: { name: 'query', value: 'x'.repeat(5000) } } },
        },
      }),
    ];
    for (const text of texts) {
      const unsigned = await post(text, { headers: { 'content-type': 'application/json' } });
      // Refused unread: unsigned, or larger than any webhook may be.
      expect([401, 413]).toContain(unsigned.statusCode);
      const signed = await post(text);
      log.check(`signed ${text.slice(0, 80)}`, signed.statusCode, signed.body);
    }
    server.ctx.config.platformOperator.loginWithAmazon = { clientId: 'client', clientSecret: 'secret' };
    try {
      for (const body of hostileBodies(
        { skillToken: 'x', modelToken: 'y', skillName: 'z' },
        HOSTILE_VALUES,
      )) {
        for (const call of ['create_skill', 'delete_skill']) {
          const response = await bot.admin('POST', `/api/amazon/${bot.botPath}/${call}`, body);
          log.check(`${call} ${JSON.stringify(body)?.slice(0, 80)}`, response.statusCode, response.body);
        }
      }
    } finally {
      server.ctx.config.platformOperator.loginWithAmazon = undefined;
    }
    expect(log.failures).toEqual([]);
    expect(log.sent).toBeGreaterThan(100);
  });
});
