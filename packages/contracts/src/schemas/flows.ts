import { z } from 'zod';
import { FLOW_VERSION_STATUSES, FLOW_XML_MAX_BYTES, FLOW_MESSAGES as M, versionOfName } from './flow-model';

/**
 * Request schemas of the flow calls (spec 03 section 7). The XML travels URI-encoded in a save
 * and may travel raw in the others; the server accepts either (raw XML starts with '<', an
 * encoded one with '%3C'), so the text here is only bounded: URI-encoding at most triples it.
 */
const xmlField = z
  .string({ message: M.xmlMissing })
  .min(1, M.xmlMissing)
  .max(FLOW_XML_MAX_BYTES * 3, `The flow can be at most ${FLOW_XML_MAX_BYTES / 1024 / 1024} MB.`);

const ignoreWarningsField = z
  .boolean({ message: 'ignoreWarnings must be true or false.' })
  .optional()
  .default(false);

/** POST /api/{bot}/intents/{intent} and POST /api/bots/{bot}/functions/{name}/flow. */
export const saveFlowBodySchema = z.object({
  xml: xmlField,
  status: z
    .enum(FLOW_VERSION_STATUSES, {
      message: `The status must be one of ${FLOW_VERSION_STATUSES.join(', ')}.`,
    })
    .optional()
    .default('unpublished'),
  // The client's clock; the server stamps the version with its own (kept for compatibility).
  _date: z.unknown().optional(),
});
export type SaveFlowBody = z.infer<typeof saveFlowBodySchema>;

/** POST .../auto-save. */
export const autoSaveFlowBodySchema = z.object({ xml: xmlField });

/** PUT .../published-version and .../test-version: the named version, or the XML saved first. */
export const activateFlowBodySchema = z
  .object({
    xml: xmlField.optional(),
    ignoreWarnings: ignoreWarningsField,
    versionName: z
      .string({ message: M.versionNameInvalid })
      .refine((name) => versionOfName(name) !== null, M.versionNameInvalid)
      .optional(),
  })
  .refine((body) => body.versionName !== undefined || body.xml !== undefined, {
    message: M.xmlMissing,
    path: ['xml'],
  });
export type ActivateFlowBody = z.infer<typeof activateFlowBodySchema>;

/** POST .../validate-flow and .../validate-flow-function. */
export const validateFlowBodySchema = z.object({ xml: xmlField, ignoreWarnings: ignoreWarningsField });

/** Flow statistics count the turns of this many days by default, at most FLOW_STATISTICS_MAX_DAYS. */
export const FLOW_STATISTICS_DEFAULT_DAYS = 30;
export const FLOW_STATISTICS_MAX_DAYS = 365;

/** GET .../statistics?versionName=v3&days=30 (spec 03 section 3.6: per flow version). */
export const flowStatisticsQuerySchema = z.object({
  versionName: z
    .string({ message: M.versionNameInvalid })
    .refine((name) => versionOfName(name) !== null, M.versionNameInvalid),
  days: z.coerce
    .number({ message: `days must be a whole number from 1 to ${FLOW_STATISTICS_MAX_DAYS}.` })
    .int(`days must be a whole number from 1 to ${FLOW_STATISTICS_MAX_DAYS}.`)
    .min(1, `days must be a whole number from 1 to ${FLOW_STATISTICS_MAX_DAYS}.`)
    .max(FLOW_STATISTICS_MAX_DAYS, `days must be a whole number from 1 to ${FLOW_STATISTICS_MAX_DAYS}.`)
    .default(FLOW_STATISTICS_DEFAULT_DAYS),
});

/** How often a flow version started and how often each of its blocks was passed, from the logged turns. */
export interface FlowStatisticsView {
  versionName: string;
  /** The first moment counted. */
  since: string;
  flowTriggers: number;
  /** Passes by block id (the start event's are the triggers). */
  blockHits: Record<string, number>;
}
