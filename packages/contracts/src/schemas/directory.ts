import { z } from 'zod';
import { MESSAGES } from '../messages';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../validators';
import { invitationCodeField, organizationField, signupNameField } from './auth';

export const DIRECTORY_MODES = ['login', 'signup'] as const;
export type DirectoryMode = (typeof DIRECTORY_MODES)[number];

export const DIRECTORY_START_PATH = '/api/auth/directory/start';

/**
 * GET /api/auth/directory/start: login, or sign-up carrying the sign-up form's fields (the
 * invitation code, name and organization; the typed e-mail becomes the provider's login hint).
 */
export const directoryStartQuerySchema = z
  .object({
    mode: z.enum(DIRECTORY_MODES, { message: 'mode must be login or signup' }).default('login'),
    invitationCode: z.string().optional(),
    name: z.string().optional(),
    organization: z.string().optional(),
    loginHint: z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH)
      .refine((v) => v === '' || isValidEmail(v), MESSAGES.signup.invalidEmail)
      .optional(),
  })
  .transform((query, ctx) => {
    const loginHint = query.loginHint || undefined;
    if (query.mode === 'login') return { mode: 'login' as const, loginHint };
    const fields = z
      .object({ invitationCode: invitationCodeField, name: signupNameField, organization: organizationField })
      .safeParse(query);
    if (!fields.success) {
      for (const issue of fields.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
      return z.NEVER;
    }
    return {
      mode: 'signup' as const,
      loginHint,
      signup: {
        invitationCode: fields.data.invitationCode,
        name: fields.data.name.trim(),
        organization: fields.data.organization.trim(),
      },
    };
  });
export type DirectoryStartQuery = z.infer<typeof directoryStartQuerySchema>;

/** The start address of a directory sign-up, as POST /api/users/signup answers it. */
export function directorySignupStartUrl(fields: {
  invitationCode: string;
  name: string;
  organization: string;
  loginHint?: string;
}): string {
  const query = new URLSearchParams({
    mode: 'signup',
    invitationCode: fields.invitationCode,
    name: fields.name,
    organization: fields.organization,
  });
  if (fields.loginHint) query.set('loginHint', fields.loginHint);
  return `${DIRECTORY_START_PATH}?${query}`;
}
