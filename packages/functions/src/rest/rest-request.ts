import {
  FUNCTION_PLACEHOLDER_PATTERN,
  type FunctionDefinitionOf,
  fillPlaceholders,
  inputValueAsText,
  REST_METHODS_WITHOUT_BODY,
} from '@parley/contracts';
import { FormData } from 'undici';
import { RunFailure } from '../run-failure';

export type RestHeaders = Record<string, string | string[]>;

export interface RestRequest {
  method: string;
  url: URL;
  headers: RestHeaders;
  /** A fresh body for each attempt (a redirect may send it again). */
  makeBody: (() => string | FormData) | undefined;
}

/** The request a REST function describes, with its inputs filled in. */
export function buildRestRequest(
  definition: FunctionDefinitionOf<'rest'>,
  inputs: Record<string, unknown>,
): RestRequest {
  const url = buildUrl(definition.url, inputs);
  const headers = buildHeaders(definition.headers, inputs);
  moveCredentialsToHeader(url, headers);
  const hasBody = !REST_METHODS_WITHOUT_BODY.includes(definition.method);
  return {
    method: definition.method.toUpperCase(),
    url,
    headers,
    makeBody: hasBody ? bodyMaker(definition, inputs, headers) : undefined,
  };
}

/**
 * Values placed in the scheme and host part are used as written (`{{baseUrl}}/users`);
 * values in the path, query or fragment are URL-encoded.
 */
export function buildUrl(template: string, inputs: Record<string, unknown>): URL {
  const masked = template.replace(FUNCTION_PLACEHOLDER_PATTERN, (whole) => 'x'.repeat(whole.length));
  const schemeEnd = masked.indexOf('://');
  const authorityStart = schemeEnd >= 0 ? schemeEnd + 3 : 0;
  const afterAuthority = masked.slice(authorityStart).search(/[/?#]/);
  const authorityEnd = afterAuthority < 0 ? masked.length : authorityStart + afterAuthority;
  const text = fillPlaceholders(template, inputs, (value, _name, offset) =>
    offset < authorityEnd ? inputValueAsText(value) : encodeURIComponent(inputValueAsText(value)),
  ).trim();
  if (!/^https?:\/\//i.test(text)) {
    throw new RunFailure('The API path must start with http:// or https://', text);
  }
  try {
    return new URL(text);
  } catch {
    throw new RunFailure('The API path is not a valid URL', text);
  }
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function buildHeaders(
  rows: Array<{ key: string; value: string }>,
  inputs: Record<string, unknown>,
): RestHeaders {
  const headers: RestHeaders = {};
  for (const row of rows) {
    const name = fillPlaceholders(row.key, inputs).trim().toLowerCase();
    const value = fillPlaceholders(row.value, inputs).trim();
    if (!HEADER_NAME.test(name)) throw new RunFailure(`The header name "${name}" is not valid`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks would smuggle headers in
    if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) {
      throw new RunFailure(`The value of the header "${name}" contains line breaks or control characters`);
    }
    const previous = headers[name];
    headers[name] = previous === undefined ? value : [...[previous].flat(), value];
  }
  return headers;
}

/** `https://user:pass@host` becomes a Basic authorization header, as browsers and curl do. */
function moveCredentialsToHeader(url: URL, headers: RestHeaders) {
  if (url.username === '' && url.password === '') return;
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  headers.authorization ??= `Basic ${Buffer.from(credentials).toString('base64')}`;
  url.username = '';
  url.password = '';
}

function bodyMaker(
  definition: FunctionDefinitionOf<'rest'>,
  inputs: Record<string, unknown>,
  headers: RestHeaders,
): () => string | FormData {
  const fields = definition.formData.map(({ key, value }) => ({
    key: fillPlaceholders(key, inputs),
    value: fillPlaceholders(value, inputs),
  }));
  switch (definition.bodyType) {
    case 'form-data':
      // The multipart boundary is undici's to set.
      delete headers['content-type'];
      return () => {
        const form = new FormData();
        for (const { key, value } of fields) form.append(key, value);
        return form;
      };
    case 'x-www-form-urlencoded': {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const encoded = new URLSearchParams(
        fields.map(({ key, value }): [string, string] => [key, value]),
      ).toString();
      return () => encoded;
    }
    default: {
      const text = fillPlaceholders(definition.body, inputs);
      headers['content-type'] ??= looksLikeJson(text) ? 'application/json' : 'text/plain;charset=utf-8';
      return () => text;
    }
  }
}

function looksLikeJson(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
