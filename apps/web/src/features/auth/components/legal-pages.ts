/** The legal texts are pages of the user manual (apps/server/manual/09-legal). */
export const LEGAL_PAGES = {
  terms: '/user-manual/terms-of-service',
  privacy: '/user-manual/privacy-policy',
  eula: '/user-manual/end-user-licence-agreement',
} as const;
