import { FLOW_XML_MAX_BYTES } from '@parley/contracts';

/** A flow document that cannot be read (or built); the message is shown to the user as it is. */
export class FlowFormatError extends Error {
  override name = 'FlowFormatError';
}

/** The largest flow accepted, in UTF-8 bytes of its XML: the contracts' bound, which the flow calls' bodies share. */
export const MAX_FLOW_XML_BYTES = FLOW_XML_MAX_BYTES;
