import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  EMAIL_MAX_LENGTH,
  isLongEnoughPassword,
  isValidDisplayName,
  isValidEmail,
  isWellFormedInvitationCode,
  PASSWORD_MAX_LENGTH,
} from '../validators';

export const IDENTITIES = ['platform', 'microsoft'] as const;
export type IdentityValue = (typeof IDENTITIES)[number];

export const loginBodySchema = z.object({
  userId: z
    .string({ message: 'Please provide a valid email' })
    .min(1, 'Please provide a valid email')
    .max(EMAIL_MAX_LENGTH),
  password: z
    .string({ message: 'Please provide a password' })
    .min(1, 'Please provide a password')
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

const optionalText = z.string().max(200).optional().nullable();

/** Sign-up fields shared by the password form and the directory sign-up start. */
export const invitationCodeField = z
  .string({ message: MESSAGES.signup.invitationCodeRequired })
  .trim()
  .min(1, MESSAGES.signup.invitationCodeRequired)
  .refine(isWellFormedInvitationCode, MESSAGES.signup.invalidInvitationCode);
export const signupNameField = z
  .string({ message: MESSAGES.signup.invalidName })
  .refine(isValidDisplayName, MESSAGES.signup.invalidName);
export const organizationField = z
  .string({ message: MESSAGES.signup.invalidOrganization })
  .refine(isValidDisplayName, MESSAGES.signup.invalidOrganization);

/** The sign-up form (spec 01 sections 3 and 5); password rules apply to the platform identity only. */
export const signupUserDataSchema = z
  .object({
    identity: z.enum(IDENTITIES).default('platform'),
    invitationCode: invitationCodeField,
    name: signupNameField,
    organization: organizationField,
    workEmail: z
      .string({ message: MESSAGES.signup.invalidEmail })
      .trim()
      .refine(isValidEmail, MESSAGES.signup.invalidEmail),
    country: optionalText,
    password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    customPlanName: optionalText,
    couponId: optionalText,
  })
  .superRefine((data, ctx) => {
    if (data.identity !== 'platform') return;
    if (!isLongEnoughPassword(data.password)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.signup.passwordTooShort });
    } else if (data.password !== data.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: MESSAGES.signup.passwordsDoNotMatch,
      });
    }
  });
export const signupBodySchema = z.object({ userData: signupUserDataSchema });
export type SignupUserData = z.infer<typeof signupUserDataSchema>;

export const resetEmailBodySchema = z.object({
  userId: z
    .string({ message: MESSAGES.forgot.invalidText })
    .trim()
    .refine(isValidEmail, MESSAGES.forgot.invalidText),
});

/** POST /api/users/confirmation-email (not in the spec): the confirmation mail of a sign-up, sent again. */
export const confirmationEmailBodySchema = z.object({
  userId: z
    .string({ message: MESSAGES.forgot.invalidText })
    .trim()
    .refine(isValidEmail, MESSAGES.forgot.invalidText),
});

/** POST /api/users/signup with the password identity: the account is made; whether a mail must confirm it. */
export interface SignupResult {
  identity: 'platform';
  message: string;
  requiresConfirmation: boolean;
}

export const resetPasswordBodySchema = z.object({
  newPassword: z
    .string({ message: MESSAGES.reset.passwordTooShort })
    .refine(isLongEnoughPassword, MESSAGES.reset.passwordTooShort),
});

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ message: MESSAGES.changePassword.wrongCurrent })
    .min(1, MESSAGES.changePassword.wrongCurrent)
    .max(PASSWORD_MAX_LENGTH),
});

export const selectedTenantBodySchema = z.object({ tenantId: z.string().min(1).max(100) });

/**
 * DELETE /api/auth/logout when the session came through the directory (otherwise 204): the
 * directory's end-session address, where the browser goes so the directory logs out too.
 */
export interface LogoutResponse {
  directoryLogoutUrl: string;
}

export interface AuthMethods {
  methods: IdentityValue[];
  /** Where the directory sign-in starts, when offered. */
  directoryLoginUrl?: string;
}

export interface UserInfo {
  id: string;
  name: string;
  identity: IdentityValue;
  selectedTenantId: string;
  selectedTenant: { displayName: string; planName: string };
  visibleTenants: Array<{ id: string; displayName: string }>;
  hasMasterTenant: boolean;
  isMasterTenantAdmin: boolean;
  isTenantAdmin: boolean;
  canSeeLLMs: boolean;
  /** May export LLMs: tenant administrator, or Export LLMs (51) on some bot (spec 04 section 6). */
  canExportLLMs: boolean;
  canSeeAdminPage: boolean;
  /** Answers handed-over conversations of some bot (permission 60, or account administrator): the shell shows the agent inbox. */
  canAnswerHandovers: boolean;
  hasGravatar: boolean;
}

export interface LoginResponse {
  user: UserInfo;
  token: string;
}
