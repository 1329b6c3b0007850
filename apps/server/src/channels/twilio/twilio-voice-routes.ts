import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Twilio Voice's call webhooks (TwiML): being built (issue 14). */
export function twilioVoiceRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
