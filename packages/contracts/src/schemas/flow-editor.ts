import { z } from 'zod';
import {
  BLOCK_FILE_ACCEPT_LIST_NAMES,
  type BlockFileAcceptList,
  FLOW_EDITOR_MESSAGES as E,
} from './flow-editor-model';
import { FLOW_XML_MAX_BYTES, FLOW_MESSAGES as M } from './flow-model';

/** PUT /api/flow/for-compression: the flow's XML, URI-encoded (spec 03 section 7) or raw. */
export const compressFlowBodySchema = z.object({
  xml: z
    .string({ message: M.xmlMissing })
    .min(1, M.xmlMissing)
    .max(FLOW_XML_MAX_BYTES * 3, `The flow can be at most ${FLOW_XML_MAX_BYTES / 1024 / 1024} MB.`),
});
export type CompressFlowBody = z.infer<typeof compressFlowBodySchema>;

/**
 * The text fields of a block file upload (sent before the file): `accept` names which list of
 * types applies, attachment (every accepted type) when left out.
 */
export const blockFileUploadFieldsSchema = z.object({
  accept: z
    .enum(BLOCK_FILE_ACCEPT_LIST_NAMES as [BlockFileAcceptList, ...BlockFileAcceptList[]], {
      message: E.acceptList,
    })
    .optional()
    .default('attachment'),
});
