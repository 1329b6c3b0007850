/** A flow document that cannot be read (or built); the message is shown to the user as it is. */
export class FlowFormatError extends Error {
  override name = 'FlowFormatError';
}

/** The largest flow accepted, in UTF-8 bytes of its XML (the same bound as the flow calls' bodies). */
export const MAX_FLOW_XML_BYTES = 2 * 1024 * 1024;
