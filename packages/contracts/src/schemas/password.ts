/**
 * POST /api/user/password answers where the web app goes next: the reset screen with a fresh
 * single-use link, on which the user sets the new password.
 */
export interface ChangePasswordResponse {
  url: string;
}

/** The path of the reset screen for a reset token (the link in the mail adds the public URL). */
export const passwordResetPath = (token: string): string => `/password/reset/${encodeURIComponent(token)}`;
