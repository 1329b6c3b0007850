import {
  FUNCTION_MESSAGES,
  type FunctionDefinition,
  FUNCTION_SECRET_MASK as MASK,
  validationError,
} from '@parley/contracts';

/**
 * The secrets of a function definition, declared once: which parts of which fields are
 * credentials. Reading masks them, saving the mask back restores them, and an export leaves
 * them out. A secret is restored only while the rest of its field (the address it is sent to)
 * is unchanged: otherwise anyone allowed to edit could point the function at their own server
 * and have the stored password sent there.
 */

type Definition<T extends FunctionDefinition['type']> = Extract<FunctionDefinition, { type: T }>;

/** Names of headers, form fields and query parameters whose values are credentials. */
const SECRET_NAME =
  /(authorization|password|passwd|pwd|secret|token|api[-_]?key|apikey|cookie|signature|sig$|^key$)/i;

/** The password in `scheme://user:password@host`. */
const URL_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^:@/\s]*:)([^@/\s]*)(@)/i;
/** `Password=...;` and `Pwd=...` of key-value connection strings (SQL Server, ODBC). */
const KEY_VALUE_PASSWORD = /((?:^|;)\s*(?:password|pwd)\s*=\s*)("[^"]*"|\{[^}]*\}|[^;]*)/gi;

/** What becomes of each secret: the mask for the browser, a sealed text in the database. */
type SecretReplacer = (secret: string) => string;
const toMask: SecretReplacer = () => MASK;

/** A URL's or connection string's secrets replaced (query parameters of URLs too). */
function replaceInAddress(text: string, withQuery: boolean, replace: SecretReplacer): string {
  let replaced = text.replace(URL_PASSWORD, (_all, before, secret, at) =>
    secret ? `${before}${replace(secret)}${at}` : _all,
  );
  replaced = replaced.replace(KEY_VALUE_PASSWORD, (_all, before, secret) =>
    secret ? `${before}${replace(secret)}` : _all,
  );
  if (withQuery) {
    replaced = replaced.replace(/([?&])([^=&#]+)=([^&#]*)/g, (all, separator, name, value) =>
      value && isSecretName(name) ? `${separator}${name}=${replace(value)}` : all,
    );
  }
  return replaced;
}

const isSecretName = (name: string) => {
  try {
    return SECRET_NAME.test(decodeURIComponent(name));
  } catch {
    return SECRET_NAME.test(name);
  }
};

const maskAddress = (text: string, withQuery: boolean) => replaceInAddress(text, withQuery, toMask);

const replaceInRows = (rows: { key: string; value: string }[], replace: SecretReplacer) =>
  rows.map((row) => (row.value && SECRET_NAME.test(row.key) ? { ...row, value: replace(row.value) } : row));

/** The definition with every secret replaced: where the secrets are is declared here only. */
export function replaceSecrets<D extends FunctionDefinition>(definition: D, replace: SecretReplacer): D {
  switch (definition.type) {
    case 'sql':
      return {
        ...definition,
        connectionString: replaceInAddress(definition.connectionString, false, replace),
      };
    case 'rest':
      return {
        ...definition,
        url: replaceInAddress(definition.url, true, replace),
        headers: replaceInRows(definition.headers, replace),
        formData: replaceInRows(definition.formData, replace),
      };
    default:
      return definition;
  }
}

/** The definition as the browser may see it: every secret masked. */
export const maskSecrets = (definition: FunctionDefinition): FunctionDefinition =>
  replaceSecrets(definition, toMask);

/** Whether a definition holds any secret (an export then says it was left out). */
export const hasSecrets = (definition: FunctionDefinition): boolean =>
  JSON.stringify(maskSecrets(definition)) !== JSON.stringify(definition);

/**
 * The definition to store from one the browser sent: masks it sent back are replaced by the
 * stored secrets, if the address they go to is unchanged; a mask with nothing to restore is
 * refused, so the mask itself never becomes a password.
 */
export function restoreSecrets(
  incoming: FunctionDefinition,
  stored: FunctionDefinition | undefined,
): FunctionDefinition {
  if (!JSON.stringify(incoming).includes(MASK)) return incoming;
  if (incoming.type === 'sql') {
    const previous = stored?.type === 'sql' ? stored : undefined;
    return {
      ...incoming,
      connectionString: restoreAddress(
        incoming.connectionString,
        previous?.connectionString,
        false,
        'connection string password',
      ),
    };
  }
  if (incoming.type === 'rest') {
    const previous = stored?.type === 'rest' ? stored : undefined;
    const isSameTarget =
      previous !== undefined && maskAddress(incoming.url, true) === maskAddress(previous.url, true);
    return {
      ...incoming,
      url: restoreAddress(incoming.url, previous?.url, true, 'secret in the API path'),
      headers: restoreRows(incoming.headers, previous?.headers, isSameTarget, 'header'),
      formData: restoreRows(incoming.formData, previous?.formData, isSameTarget, 'form data value'),
    };
  }
  return incoming;
}

function restoreAddress(text: string, stored: string | undefined, withQuery: boolean, where: string): string {
  if (!text.includes(MASK)) return text;
  if (stored === undefined) throw validationError('definition', FUNCTION_MESSAGES.secretUnknown(where));
  // The same address with the same masked parts: the stored one, secrets and all.
  if (maskAddress(stored, withQuery) === text) return stored;
  throw validationError('definition', FUNCTION_MESSAGES.secretNeedsEntering(where));
}

function restoreRows(
  rows: { key: string; value: string }[],
  stored: { key: string; value: string }[] | undefined,
  isSameTarget: boolean,
  label: string,
): { key: string; value: string }[] {
  return rows.map((row) => {
    if (row.value !== MASK) return row;
    const where = `${label} ${row.key}`;
    const previous = stored?.find((candidate) => candidate.key === row.key);
    if (!previous) throw validationError('definition', FUNCTION_MESSAGES.secretUnknown(where));
    if (!isSameTarget) throw validationError('definition', FUNCTION_MESSAGES.secretNeedsEntering(where));
    return { ...row, value: previous.value };
  });
}

export type { Definition };
