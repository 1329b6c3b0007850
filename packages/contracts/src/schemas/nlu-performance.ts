import { z } from 'zod';
import type { NluMeasuringBody } from './nlu-performance-model';

/** PUT /api/bots/{bot}/nlu-measuring: the measuring toggles (spec 04 sections 3.1, 4 'Measuring'). */
export const nluMeasuringBodySchema = z.object({
  intentDetectionMeasuring: z.boolean({ message: 'intentDetectionMeasuring must be true or false.' }),
  measuringRecognizers: z
    .array(z.string().max(50), { message: 'measuringRecognizers must be a list of provider ids.' })
    .max(50),
}) satisfies z.ZodType<NluMeasuringBody>;
