import { Permission, type PermissionId } from '../permissions';
import { FLOW_XML_MAX_BYTES } from './flow-model';

/**
 * The flow editor's server calls without zod (the browser loads this): the editor lock, flow
 * compression and the files of blocks (spec 03 sections 4.1, 5, 6, 7, 8 and 9;
 * docs/decisions.md 'Flow editor: server').
 */

/** Any right to change a flow opens the editor and holds its lock (spec 03 section 6). */
export const FLOW_EDITING_PERMISSIONS: readonly PermissionId[] = [
  Permission.ManageIntents,
  Permission.ManageFlows,
  Permission.ManageSubflows,
];

// --- the editor lock ------------------------------------------------------------------------

/** The editor asks for the lock this often while it is open (spec 03 section 9). */
export const EDITOR_LOCK_POLL_MS = 3000;
/**
 * A lock its holder stopped asking for is free after this time: five missed polls, so a slow
 * network keeps it, and a closed browser frees it within seconds.
 */
export const EDITOR_LOCK_TTL_MS = 15_000;

/** GET /api/bots/{bot}/editor: the caller holds the lock until `expiresAt` unless it asks again. */
export interface EditorLockView {
  isLocked: false;
  /** When the caller's hold began (the first GET of this hold). */
  heldSince: string;
  expiresAt: string;
  pollIntervalMs: number;
}

// --- the files of blocks ------------------------------------------------------------------

/** The multipart field of POST /api/{bot}/block-upload-file holding the file. */
export const BLOCK_FILE_FIELD = 'file';
/** The optional text field (sent before the file) naming which list of types applies. */
export const BLOCK_FILE_ACCEPT_FIELD = 'accept';
/** Largest file a block takes (spec 03 sections 5 and 9: 30 MB). */
export const BLOCK_FILE_MAX_BYTES = 31_457_280;
/** A stored file name is cut to this many characters (its extension kept). */
export const BLOCK_FILE_NAME_MAX_LENGTH = 200;

/** The types a block file may have, with the content type it is stored and served with. */
export const BLOCK_FILE_CONTENT_TYPES = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  jpg: 'image/jpeg',
} as const;
export type BlockFileExtension = keyof typeof BLOCK_FILE_CONTENT_TYPES;

/** Accepted upload types (spec 03 section 5): documents and images, in the spec's order. */
export const BLOCK_FILE_EXTENSIONS = Object.keys(BLOCK_FILE_CONTENT_TYPES) as BlockFileExtension[];

/**
 * Which list applies, named by the upload's `accept` field: any accepted type (Send Attachment,
 * the default), or the images a Send Image block takes (spec 03 section 5: '.png and .gif').
 */
export const BLOCK_FILE_ACCEPT_LISTS = {
  attachment: BLOCK_FILE_EXTENSIONS,
  image: ['png', 'gif'],
} as const satisfies Record<string, readonly BlockFileExtension[]>;
export type BlockFileAcceptList = keyof typeof BLOCK_FILE_ACCEPT_LISTS;
export const BLOCK_FILE_ACCEPT_LIST_NAMES = Object.keys(BLOCK_FILE_ACCEPT_LISTS) as BlockFileAcceptList[];

export function isBlockFileExtension(value: string): value is BlockFileExtension {
  return Object.hasOwn(BLOCK_FILE_CONTENT_TYPES, value);
}

/** POST /api/{bot}/block-upload-file: what the block stores (`fileId`, `fileExtension`, `contentType`). */
export interface BlockFileView {
  fileId: string;
  fileExtension: BlockFileExtension;
  contentType: string;
  /** The file's name as uploaded, without any folder and cut to a safe length. */
  fileName: string;
  size: number;
}

export const FLOW_EDITOR_MESSAGES = {
  /** Spec 03 section 2.1, word for word. */
  locked:
    'Someone in your organisation is currently editing the conversation for this bot. Please try again in a few minutes.',
  compressedUnreadable: 'The compressed flow could not be read.',
  compressedTooBig: `The compressed flow is too big: unpacked, a flow can be at most ${FLOW_XML_MAX_BYTES / 1024 / 1024} MB.`,
  decompressedNotText: 'The compressed flow is not a flow: its content is not UTF-8 text.',
  /** Spec 03 sections 5 and 8, word for word. */
  fileTooBig: 'File is too big. Accepted size is 30MB',
  fileMissing: `Please choose a file (form field ${BLOCK_FILE_FIELD}).`,
  fileEmpty: 'The file is empty.',
  fileNameMissing: 'The file has no name.',
  fileType: (extension: string, accepted: readonly string[]) =>
    `${extension ? `Files of type .${extension}` : 'Files without an extension'} are not accepted here. Accepted types are ${accepted.join(', ')}.`,
  fileContent: (extension: string) =>
    `The file is not a valid .${extension} file: its content does not match its extension.`,
  acceptList: `accept must be one of ${BLOCK_FILE_ACCEPT_LIST_NAMES.join(', ')}.`,
  /** Spec 03 section 8, word for word. */
  fileNotFound: 'Could not find uploaded file',
  fileNotFoundDetail: 'Your files are uploaded when you save the flow. Did you save?',
} as const;
