import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Twilio Messages' inbound webhook (SMS and WhatsApp) and the webhook calls: being built (issue 14). */
export function twilioMessagesRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
