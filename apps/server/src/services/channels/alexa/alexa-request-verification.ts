import { verify as verifySignature, X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';

/**
 * Whether a request came from Alexa, as Amazon requires of skills hosted as a web service
 * (developer.amazon.com 'Host a Custom Skill as a Web Service', 'Verify that the request was sent
 * by Alexa'): the SignatureCertChainUrl header names Amazon's certificate chain on S3, the chain's
 * signing certificate is valid now, is for echo-api.amazon.com and chains to a trusted root, and
 * the Signature-256 header is its RSA-SHA256 signature of the exact body. The request's timestamp
 * and skill id are checked after the body is parsed (alexa-webhook.ts).
 */

/** The host, path start and name Amazon's signing certificates have (the documented values). */
const CERTIFICATE_HOST = 's3.amazonaws.com';
const CERTIFICATE_PATH_START = '/echo.api/';
const SIGNING_NAME = 'echo-api.amazon.com';
/** How far a request's timestamp may be from now. */
export const ALEXA_TIMESTAMP_TOLERANCE_MS = 150_000;

const FETCH_TIMEOUT_MS = 5_000;
const MAX_CHAIN_BYTES = 64 * 1024;
const CACHE_MS = 12 * 3_600_000;
const MAX_CACHED_CHAINS = 50;

export const ALEXA_VERIFICATION_MESSAGES = {
  missingHeaders: 'The request has no Signature-256 or SignatureCertChainUrl header.',
  badChainUrl: 'SignatureCertChainUrl is not an https address of s3.amazonaws.com under /echo.api/.',
  chainUnavailable: 'The signing certificate chain could not be fetched.',
  badChain: 'The signing certificate chain is not a valid, trusted chain for echo-api.amazon.com.',
  badSignature: 'The request signature does not match its body.',
  stale: 'The request timestamp is more than 150 seconds from now.',
  otherSkill: 'The request is for another skill.',
} as const;

export class AlexaVerificationError extends Error {}

export interface AlexaTrust {
  /** Where the chains are fetched from: Amazon's S3 by default, a stand-in in tests. */
  certificatesUrl: string;
  /** Roots the chain must end at, PEM; Node's own roots when unset. */
  trustedCaPem: string | undefined;
}

/**
 * The chain URL's path when the URL is one Amazon signs with: https, host s3.amazonaws.com
 * (any case), port 443 if given, and a path under /echo.api/ once dot segments are resolved.
 */
export function certificateChainPath(header: string): string | undefined {
  if (!URL.canParse(header)) return undefined;
  const url = new URL(header);
  const isAmazons =
    url.protocol === 'https:' &&
    url.hostname === CERTIFICATE_HOST &&
    (url.port === '' || url.port === '443') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname.startsWith(CERTIFICATE_PATH_START);
  return isAmazons ? url.pathname : undefined;
}

const cachedChains = new Map<string, { pem: string; fetchedAt: number }>();

async function fetchChain(trust: AlexaTrust, path: string): Promise<string> {
  const url = `${trust.certificatesUrl.replace(/\/+$/, '')}${path}`;
  const cached = cachedChains.get(url);
  if (cached && Date.now() - cached.fetchedAt < CACHE_MS) return cached.pem;
  let pem: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_CHAIN_BYTES) throw new Error('too large');
    pem = body.toString('utf8');
  } catch {
    throw new AlexaVerificationError(ALEXA_VERIFICATION_MESSAGES.chainUnavailable);
  }
  if (cachedChains.size >= MAX_CACHED_CHAINS) {
    const oldest = cachedChains.keys().next().value;
    if (oldest !== undefined) cachedChains.delete(oldest);
  }
  cachedChains.set(url, { pem, fetchedAt: Date.now() });
  return pem;
}

const certificatesOf = (pem: string): X509Certificate[] =>
  (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map(
    (block) => new X509Certificate(block),
  );

const rootsByPem = new Map<string, X509Certificate[]>();
function trustedRoots(trust: AlexaTrust): X509Certificate[] {
  const key = trust.trustedCaPem ?? '';
  let roots = rootsByPem.get(key);
  if (!roots) {
    roots = trust.trustedCaPem
      ? certificatesOf(trust.trustedCaPem)
      : rootCertificates.flatMap(certificatesOf);
    rootsByPem.set(key, roots);
  }
  return roots;
}

const isValidAt = (certificate: X509Certificate, now: number) =>
  Date.parse(certificate.validFrom) <= now && now <= Date.parse(certificate.validTo);

const namesOf = (certificate: X509Certificate) =>
  (certificate.subjectAltName ?? '').split(', ').map((name) => name.trim());

const isIssuedBy = (certificate: X509Certificate, issuer: X509Certificate) =>
  issuer.ca && certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);

/** The chain's signing certificate when the whole chain holds (Amazon's list of checks). */
export function signingCertificateOf(pem: string, trust: AlexaTrust, now = Date.now()): X509Certificate {
  let chain: X509Certificate[];
  try {
    chain = certificatesOf(pem);
  } catch {
    throw new AlexaVerificationError(ALEXA_VERIFICATION_MESSAGES.badChain);
  }
  const [signing] = chain;
  const last = chain.at(-1);
  const holds =
    signing !== undefined &&
    last !== undefined &&
    chain.every((certificate) => isValidAt(certificate, now)) &&
    namesOf(signing).includes(`DNS:${SIGNING_NAME}`) &&
    chain.slice(0, -1).every((certificate, index) => {
      const issuer = chain[index + 1];
      return issuer !== undefined && isIssuedBy(certificate, issuer);
    }) &&
    trustedRoots(trust).some(
      (root) =>
        root.fingerprint256 === last.fingerprint256 || (isValidAt(root, now) && isIssuedBy(last, root)),
    );
  if (!holds || !signing) throw new AlexaVerificationError(ALEXA_VERIFICATION_MESSAGES.badChain);
  return signing;
}

/**
 * Checks a request's signature headers against its exact body; throws AlexaVerificationError
 * naming what failed.
 */
export async function verifyAlexaSignature(
  trust: AlexaTrust,
  headers: { signature: string | undefined; chainUrl: string | undefined },
  body: Buffer,
): Promise<void> {
  if (!headers.signature || !headers.chainUrl)
    throw new AlexaVerificationError(ALEXA_VERIFICATION_MESSAGES.missingHeaders);
  const path = certificateChainPath(headers.chainUrl);
  if (!path) throw new AlexaVerificationError(ALEXA_VERIFICATION_MESSAGES.badChainUrl);
  const signing = signingCertificateOf(await fetchChain(trust, path), trust);
  const signature = Buffer.from(headers.signature, 'base64');
  let isValid = false;
  try {
    isValid = signature.length > 0 && verifySignature('sha256', body, signing.publicKey, signature);
  } catch {
    isValid = false;
  }
  if (!isValid) throw new AlexaVerificationError(ALEXA_VERIFICATION_MESSAGES.badSignature);
}

/** Whether the request's own timestamp (ISO 8601) is within Amazon's tolerance of now. */
export const isFreshTimestamp = (timestamp: string, now = Date.now()) => {
  const sent = Date.parse(timestamp);
  return Number.isFinite(sent) && Math.abs(now - sent) <= ALEXA_TIMESTAMP_TOLERANCE_MS;
};
