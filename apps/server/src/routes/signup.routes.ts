import { confirmationEmailBodySchema, signupBodySchema } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { backgroundWork } from '../http/background-work';
import { parseInput } from '../http/validate';
import { directorySignupUrl } from '../services/accounts/directory.service';
import {
  confirmTenantEmail,
  requestConfirmationMail,
  signUpWithPassword,
} from '../services/accounts/signup.service';

export function signupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/users/signup', { config: { access: 'public' } }, async (request, reply) => {
    const { userData } = parseInput(signupBodySchema, request.body);
    if (userData.identity === 'microsoft') {
      // Spec: any identity but platform answers the address the web app opens in the same window.
      const url = await directorySignupUrl(ctx, userData);
      return reply.type('application/json').send(JSON.stringify(url));
    }
    return signUpWithPassword(ctx, userData);
  });

  const runInBackground = backgroundWork(app, ctx.log);
  /** The confirmation mail again (the sign-in of an unconfirmed account offers it): always 204. */
  app.post('/api/users/confirmation-email', { config: { access: 'public' } }, async (request, reply) => {
    const { userId } = parseInput(confirmationEmailBodySchema, request.body);
    const deliver = await requestConfirmationMail(ctx, userId, request.ip);
    if (deliver) runInBackground('confirmation mail', deliver);
    return reply.status(204).send();
  });

  /** The link in the confirmation mail: confirms the tenant, then opens the login page. */
  app.get<{ Params: { token: string } }>(
    '/api/users/confirm/:token',
    { config: { access: 'public' } },
    async (request, reply) => {
      const isConfirmed = await confirmTenantEmail(ctx, request.params.token);
      return reply.redirect(`/login?confirmed=${isConfirmed ? 1 : 0}`);
    },
  );
}
