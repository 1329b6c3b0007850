import { z } from 'zod';
import { NLU_MODEL_KINDS } from './synchronization-predict-model';

/** Query and bodies of /api/synchronization/{bot} and POST /api/{bot}/nlu/predict (spec 02 section 7). */

const text = (max: number) => z.string().min(1).max(max);

export const syncQuerySchema = z.object({
  provider: text(50),
  syncId: text(300).optional(),
  cacheId: text(300).optional(),
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

/** POST /api/synchronization/{bot}/confirm: publish the new model although it scored worse, or keep the old one. */
export const syncConfirmBodySchema = z.object({ publish: z.boolean() });
export type SyncConfirmBody = z.infer<typeof syncConfirmBodySchema>;

export const nluPredictBodySchema = z.object({
  text: z.string().trim().min(1).max(1000),
  model: z.enum(NLU_MODEL_KINDS).optional(),
});
export type NluPredictBody = z.infer<typeof nluPredictBodySchema>;
