import { changePasswordBodySchema, resetEmailBodySchema, resetPasswordBodySchema } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { backgroundWork } from '../http/background-work';
import { parseInput } from '../http/validate';
import {
  assertResetTokenUsable,
  requestPasswordReset,
  resetPassword,
  startPasswordChange,
} from '../services/accounts/password.service';

type TokenParams = { Params: { token: string } };

/** Forgot password, the reset link, and change password (spec 01 sections 2, 4, 5 and 7). */
export function passwordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const runInBackground = backgroundWork(app, ctx.log);

  app.post('/api/user/password/reset-email', { config: { access: 'public' } }, async (request, reply) => {
    const { userId } = parseInput(resetEmailBodySchema, request.body);
    const deliver = await requestPasswordReset(ctx, userId, request.ip);
    if (deliver) runInBackground('password reset mail', deliver);
    return reply.status(204).send();
  });

  app.get<TokenParams>(
    '/api/user/password/reset/:token',
    { config: { access: 'public' } },
    async (request, reply) => {
      await assertResetTokenUsable(ctx, request.params.token);
      return reply.status(204).send();
    },
  );

  app.post<TokenParams>(
    '/api/user/password/reset/:token',
    { config: { access: 'public' } },
    async (request) => {
      const { newPassword } = parseInput(resetPasswordBodySchema, request.body);
      return resetPassword(ctx, request.params.token, newPassword);
    },
  );

  app.post('/api/user/password', { config: { access: 'authenticated' } }, async (request) => {
    const { currentPassword } = parseInput(changePasswordBodySchema, request.body);
    return startPasswordChange(ctx, principalOf(request), currentPassword, request.ip);
  });
}
