import { type MailConnectBody, mailConnectBodySchema } from '@parley/contracts';

export type MailConnectErrors = Partial<Record<keyof MailConnectBody, string>>;

/** The connect form checked as the server checks it (spec 04 section 5): the body, or a message per field. */
export function mailConnectBodyOf(values: {
  emailAddress: string;
  password: string;
}): { body: MailConnectBody } | { errors: MailConnectErrors } {
  const parsed = mailConnectBodySchema.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const errors: MailConnectErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'emailAddress' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
