import {
  type IdentityValue,
  isLongEnoughPassword,
  isNonBlank,
  isValidDisplayName,
  isValidEmail,
  MESSAGES,
} from '@parley/contracts';

export interface SignupFields {
  invitationCode: string;
  name: string;
  organization: string;
  workEmail: string;
  password: string;
  confirmPassword: string;
}

export type SignupErrors = Partial<Record<keyof SignupFields, string>>;

/** The sign-up checks of spec 01 section 5; password checks apply to the password identity only. */
export function validateSignup(fields: SignupFields, identity: IdentityValue): SignupErrors {
  const errors: SignupErrors = {};
  if (!isNonBlank(fields.invitationCode)) errors.invitationCode = MESSAGES.signup.invitationCodeRequired;
  if (!isValidDisplayName(fields.name)) errors.name = MESSAGES.signup.invalidName;
  if (!isValidDisplayName(fields.organization)) errors.organization = MESSAGES.signup.invalidOrganization;
  if (!isValidEmail(fields.workEmail.trim())) errors.workEmail = MESSAGES.signup.invalidEmail;
  if (identity === 'platform') {
    if (!isLongEnoughPassword(fields.password)) errors.password = MESSAGES.signup.passwordTooShort;
    else if (fields.password !== fields.confirmPassword)
      errors.confirmPassword = MESSAGES.signup.passwordsDoNotMatch;
  }
  return errors;
}

/**
 * The country sent with a sign-up, as a country name. Parley asks no third-party location
 * service: the browser's own locale region (e.g. en-GB) names it, when it has one.
 */
export function browserCountryName(): string | null {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    if (!region) return null;
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(region) ?? null;
  } catch {
    return null;
  }
}

/** The heading: a title passed in the route, else the marketplace deal's, else the generic one. */
export function signupHeading(params: URLSearchParams): string {
  const title = params.get('title');
  if (title) return title;
  if (params.get('activation_email') || params.get('prod_name')) return MESSAGES.signup.appSumoHeading;
  return MESSAGES.signup.genericHeading;
}
