import { execFileSync } from 'node:child_process';
import { randomUUID, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type StandIn, type StandInRequest, startStandIn } from './stand-in';

/**
 * Stand-ins of Amazon for the Alexa channel's tests: the certificate chains Alexa signs requests
 * with (served as S3 serves them under /echo.api/), made for the test by the openssl command
 * line from a test root CA the server is told to trust; requests signed as Alexa signs them
 * (Signature-256: RSA-SHA256 of the exact body); and the Skill Management API, checking what
 * SMAPI checks (Bearer token of the right scope, vendor id, manifest and interaction model shape).
 */

export interface AlexaCertificates {
  /** The test root CA the server trusts (ALEXA_TRUSTED_CA_PEM). */
  rootPem: string;
  /** Chains by their file name under /echo.api/. */
  chains: Record<AlexaChainName, string>;
  /** The signing key of each chain's first certificate. */
  keys: Record<AlexaChainName, string>;
}

export type AlexaChainName =
  /** Signing certificate for echo-api.amazon.com, then the intermediate: what Amazon serves. */
  | 'good'
  /** The same, with a signing certificate for another name. */
  | 'no-echo-api-name'
  /** Signed by a root the server does not trust. */
  | 'untrusted'
  /** The signing certificate alone: the chain does not reach the root. */
  | 'no-intermediate';

/** How long the test's signing certificates are valid; their CAs, 30 days. */
export const SIGNING_CERTIFICATE_DAYS = 10;

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

function newCa(dir: string, name: string, issuer?: string) {
  if (!issuer) {
    openssl(dir, [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '30',
      '-subj',
      `/CN=Parley test ${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    return;
  }
  writeFileSync(
    path.join(dir, `${name}.ext`),
    'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n',
  );
  issue(dir, name, issuer, `/CN=Parley test ${name}`);
}

function issue(dir: string, name: string, issuer: string, subject: string, days = 30) {
  openssl(dir, [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
    '-subj',
    subject,
  ]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${issuer}.pem`,
    '-CAkey',
    `${issuer}.key`,
    '-set_serial',
    String(Date.now() + Math.floor(Math.random() * 1000)),
    '-days',
    String(days),
    '-out',
    `${name}.pem`,
    '-extfile',
    `${name}.ext`,
  ]);
}

function newSigningCertificate(dir: string, name: string, issuer: string, dnsName: string) {
  writeFileSync(
    path.join(dir, `${name}.ext`),
    `basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nsubjectAltName=DNS:${dnsName}\n`,
  );
  // Shorter-lived than its CAs, as Amazon's are: a test can find the signing certificate expired alone.
  issue(dir, name, issuer, `/CN=${dnsName}`, SIGNING_CERTIFICATE_DAYS);
}

/** Makes the test CAs and chains with the openssl command line (once per test file, about a second). */
export function makeAlexaCertificates(): AlexaCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-alexa-certs-'));
  try {
    newCa(dir, 'root');
    newCa(dir, 'intermediate', 'root');
    newCa(dir, 'stranger-root');
    newSigningCertificate(dir, 'signing', 'intermediate', 'echo-api.amazon.com');
    newSigningCertificate(dir, 'other-name', 'intermediate', 'echo-api.amazon.com.example.org');
    newSigningCertificate(dir, 'stranger', 'stranger-root', 'echo-api.amazon.com');
    const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
    return {
      rootPem: read('root.pem'),
      chains: {
        good: read('signing.pem') + read('intermediate.pem'),
        'no-echo-api-name': read('other-name.pem') + read('intermediate.pem'),
        untrusted: read('stranger.pem') + read('stranger-root.pem'),
        'no-intermediate': read('signing.pem'),
      },
      keys: {
        good: read('signing.key'),
        'no-echo-api-name': read('other-name.key'),
        untrusted: read('stranger.key'),
        'no-intermediate': read('signing.key'),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * S3 as it serves Amazon's chains: GET of /echo.api/<chain>.pem (any folder, so a test of a URL
 * the server must refuse would still find a chain if the server fetched it).
 */
export function startCertificateStandIn(certificates: AlexaCertificates): Promise<StandIn> {
  return startStandIn((request) => {
    const name = /\/([^/]+)\.pem$/.exec(request.path)?.[1] as AlexaChainName | undefined;
    const chain = name && certificates.chains[name];
    return chain
      ? { headers: { 'content-type': 'application/x-pem-file' }, body: chain }
      : { status: 404, body: '<Error><Code>NoSuchKey</Code></Error>' };
  });
}

/** Alexa's signature headers of a body, signed with the chain's key. */
export function alexaSignatureHeaders(
  certificates: AlexaCertificates,
  body: string,
  options: { chain?: AlexaChainName; chainUrl?: string } = {},
): Record<string, string> {
  const chain = options.chain ?? 'good';
  return {
    'content-type': 'application/json; charset=utf-8',
    'signature-256': sign('sha256', Buffer.from(body), certificates.keys[chain]).toString('base64'),
    signaturecertchainurl: options.chainUrl ?? `https://s3.amazonaws.com/echo.api/${chain}.pem`,
  };
}

export interface AlexaSession {
  skillId: string;
  userId: string;
  sessionId: string;
  attributes?: Record<string, unknown>;
  isNew?: boolean;
}

/** A request envelope as Alexa sends it (custom skill, request JSON reference). */
export function alexaEnvelope(
  session: AlexaSession,
  request: Record<string, unknown> & { type: string },
  options: { timestamp?: string; requestId?: string } = {},
) {
  const application = { applicationId: session.skillId };
  const user = { userId: session.userId };
  return {
    version: '1.0',
    session: {
      new: session.isNew ?? false,
      sessionId: session.sessionId,
      application,
      attributes: session.attributes ?? {},
      user,
    },
    context: {
      System: { application, user, device: { deviceId: 'amzn1.ask.device.TEST', supportedInterfaces: {} } },
    },
    request: {
      requestId: options.requestId ?? `amzn1.echo-api.request.${randomUUID()}`,
      timestamp: options.timestamp ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      locale: 'en-US',
      ...request,
    },
  };
}

export const launchRequest = () => ({ type: 'LaunchRequest' });
export const catchAllIntent = (query: string) => ({
  type: 'IntentRequest',
  dialogState: 'STARTED',
  intent: {
    name: 'ParleyCatchAll',
    confirmationStatus: 'NONE',
    slots: { query: { name: 'query', value: query, confirmationStatus: 'NONE' } },
  },
});
export const builtInIntent = (name: string) => ({
  type: 'IntentRequest',
  intent: { name, confirmationStatus: 'NONE' },
});
export const sessionEndedRequest = (reason = 'USER_INITIATED') => ({ type: 'SessionEndedRequest', reason });

/** What the SMAPI stand-in knows: the tokens of each scope and the account's vendor. */
export const SMAPI = {
  skillToken: 'Atza|skills-scope-token',
  modelToken: 'Atza|models-scope-token',
  vendorId: 'M2TESTVENDOR',
} as const;

interface SkillBody {
  vendorId?: unknown;
  manifest?: {
    manifestVersion?: unknown;
    apis?: { custom?: { endpoint?: { uri?: unknown; sslCertificateType?: unknown } } };
    publishingInformation?: { locales?: Record<string, { name?: unknown } | undefined> };
  };
}
/** The body of SMAPI's interaction model update. */
export interface InteractionModelBody {
  interactionModel?: {
    languageModel?: {
      invocationName?: unknown;
      intents?: Array<{ name: string; slots?: unknown; samples?: string[] }>;
    };
  };
}

const isBearer = (request: StandInRequest, token: string) =>
  request.headers.authorization === `Bearer ${token}`;
const refusedToken = { status: 401, body: { message: 'Token is invalid or expired.' } };
const badRequest = (message: string) => ({ status: 400, body: { message, violations: [{ message }] } });

/**
 * The Skill Management API: GET /v1/vendors, POST /v1/skills (202 with the new id), PUT of a
 * locale's interaction model, DELETE /v1/skills/{id}; the skills it holds are in `skills`.
 */
export async function startSmapiStandIn() {
  const skills = new Map<string, { manifest: unknown; models: Record<string, unknown> }>();
  const standIn = await startStandIn((request) => {
    if (request.method === 'GET' && request.path === '/v1/vendors') {
      if (!isBearer(request, SMAPI.skillToken)) return refusedToken;
      return {
        body: { vendors: [{ id: SMAPI.vendorId, name: 'Test Vendor', roles: ['ROLE_ADMINISTRATOR'] }] },
      };
    }
    if (request.method === 'POST' && request.path === '/v1/skills') {
      if (!isBearer(request, SMAPI.skillToken)) return refusedToken;
      const body = request.json as SkillBody | undefined;
      if (body?.vendorId !== SMAPI.vendorId) return badRequest('vendorId is not one of this account.');
      const manifest = body.manifest;
      const uri = manifest?.apis?.custom?.endpoint?.uri;
      if (typeof uri !== 'string' || !uri.startsWith('https://'))
        return badRequest('apis.custom.endpoint.uri must be an https URL.');
      if (
        !['Trusted', 'Wildcard', 'SelfSigned'].includes(
          String(manifest?.apis?.custom?.endpoint?.sslCertificateType),
        )
      )
        return badRequest('apis.custom.endpoint.sslCertificateType is not valid.');
      const locales = manifest?.publishingInformation?.locales as
        | Record<string, { name?: unknown }>
        | undefined;
      if (!locales || Object.values(locales).some((locale) => typeof locale?.name !== 'string'))
        return badRequest('publishingInformation.locales needs a name per locale.');
      if (manifest?.manifestVersion !== '1.0') return badRequest('manifestVersion must be 1.0.');
      const skillId = `amzn1.ask.skill.${randomUUID()}`;
      skills.set(skillId, { manifest, models: {} });
      return { status: 202, headers: { location: `/v1/skills/${skillId}/status` }, body: { skillId } };
    }
    const model = /^\/v1\/skills\/([^/]+)\/stages\/development\/interactionModel\/locales\/([^/]+)$/.exec(
      request.path,
    );
    if (request.method === 'PUT' && model) {
      if (!isBearer(request, SMAPI.modelToken)) return refusedToken;
      const skill = skills.get(decodeURIComponent(model[1] ?? ''));
      if (!skill) return { status: 404, body: { message: 'Skill not found.' } };
      const languageModel = (request.json as InteractionModelBody | undefined)?.interactionModel
        ?.languageModel;
      if (typeof languageModel?.invocationName !== 'string' || !Array.isArray(languageModel.intents))
        return badRequest('interactionModel.languageModel needs an invocationName and intents.');
      skill.models[model[2] ?? ''] = request.json;
      return {
        status: 202,
        headers: { location: `/v1/skills/${model[1]}/status?resource=interactionModel` },
      };
    }
    const deleted = /^\/v1\/skills\/([^/]+)$/.exec(request.path);
    if (request.method === 'DELETE' && deleted) {
      if (!isBearer(request, SMAPI.skillToken)) return refusedToken;
      return skills.delete(decodeURIComponent(deleted[1] ?? ''))
        ? { status: 204 }
        : { status: 404, body: { message: 'Skill not found.' } };
    }
    return { status: 404, body: { message: 'No such resource.' } };
  });
  return { standIn, skills };
}
