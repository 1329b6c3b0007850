/**
 * A document that cannot be read: the message says why in words fit for the designer who
 * uploaded it (the server shows it as the document's failure). Anything else thrown while
 * extracting is a fault of ours, not of the file.
 */
export class DocumentRefusal extends Error {
  override readonly name = 'DocumentRefusal';
}
