/**
 * The chat bubble (spec 04 sections 3.6, 5, 8, 9): a bot's snippets, the icons they show and the
 * widget's visitor protocol. Plain values and types only, no zod: the embeddable widget
 * (packages/widget) imports this file and must stay small. The schemas are in snippets.ts.
 */
import { CHANNELS, type ChannelId } from './channels';

/** Where the bubble sits on the page (spec 04 section 9). Stored ids; labels are the UI's. */
export const SNIPPET_POSITIONS = [
  'top-center',
  'top-left',
  'top-right',
  'center-center',
  'bottom-left',
  'bottom-right',
  'bottom-center',
] as const;
export type SnippetPosition = (typeof SNIPPET_POSITIONS)[number];

export const SNIPPET_CHAT_SCREENS = ['big', 'small'] as const;
export type SnippetChatScreen = (typeof SNIPPET_CHAT_SCREENS)[number];

/**
 * The snippet format this server writes. Snippets of an older format are what spec 01's
 * snippet-migration banner asks to replace.
 */
export const SNIPPET_VERSION = '2';

export const SNIPPET_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  titleMaxLength: 60,
  origins: 50,
  popupMessages: 10,
  popupMessageMaxLength: 500,
  /** A popup message shows at most an hour after the page opened. */
  popupDelayMaxSeconds: 3600,
  /** Snippets per bot. */
  perBot: 50,
} as const;

/** One popup message: shown `delay` seconds after the page opened. */
export interface PopupMessage {
  message: string;
  delay: number;
}

export interface SnippetSettings {
  /** The id of the uploaded avatar image, or null; set only by its upload. */
  avatar: string | null;
  /** The id of the uploaded bubble icon, or null; set only by its upload. */
  bubbleIcon: string | null;
  title: string;
  defaultChatScreen: SnippetChatScreen;
  position: SnippetPosition;
  hasMicButton: boolean;
  isMainColor: boolean;
  mainColor: string;
  isMainTextColor: boolean;
  mainTextColor: string;
  hasButton: boolean;
  hasUploadButton: boolean;
  hasPopupMessages: boolean;
  showNotificationMessage: boolean;
  popupMessages: PopupMessage[];
}

export const DEFAULT_SNIPPET_SETTINGS: SnippetSettings = {
  avatar: null,
  bubbleIcon: null,
  title: 'Chat with us',
  defaultChatScreen: 'small',
  position: 'bottom-right',
  hasMicButton: false,
  isMainColor: false,
  mainColor: '#2457c5',
  isMainTextColor: false,
  mainTextColor: '#ffffff',
  hasButton: true,
  hasUploadButton: false,
  hasPopupMessages: false,
  showNotificationMessage: false,
  popupMessages: [],
};

/** A snippet as the settings page shows it (spec 01: a string name and a string version). */
export interface SnippetView {
  name: string;
  version: string;
  description: string;
  /** The snippet's public code: with `token`, what the embed code mounts the widget with. */
  code: string;
  token: string;
  allowedOrigins: string[];
  settings: SnippetSettings;
  createdAt: string;
  updatedAt: string;
}

/** The snippet base URL: where the embed code points the widget (spec 04 section 7.2). */
export interface SnippetBaseUrl {
  backendUrl: string;
  websocketUrl: string;
  /** The backend chat root: the base of the widget's visitor calls, `{backendUrl}/api/widget`. */
  bcr: string;
  /** The widget script, `{backendUrl}/assets/chat-widget.js`. */
  scriptUrl: string;
}

/** The two images a snippet shows, by their path segment. */
export const SNIPPET_ICON_KINDS = ['avatar', 'bubble-icon'] as const;
export type SnippetIconKind = (typeof SNIPPET_ICON_KINDS)[number];

/** The multipart form field an icon upload sends its file in. */
export const SNIPPET_ICON_FIELD = 'file';
/** Icons are small pictures: 200 KB is a generous logo; larger ones are refused, not shrunk. */
export const SNIPPET_ICON_MAX_BYTES = 200 * 1024;
/** Stored icons are re-drawn as PNG no larger than this on either side. */
export const SNIPPET_ICON_MAX_SIDE_PX = 256;
/**
 * Accepted icon files by extension. SVG is accepted only to be drawn as PNG on the server: the
 * SVG itself is never stored or served (it can carry scripts and links).
 */
export const SNIPPET_ICON_TYPES = [
  { format: 'png', label: 'png', extensions: ['.png'] },
  { format: 'jpeg', label: 'jpeg', extensions: ['.jpg', '.jpeg'] },
  { format: 'svg', label: 'svg', extensions: ['.svg'] },
] as const;
export type SnippetIconFormat = (typeof SNIPPET_ICON_TYPES)[number]['format'];
export const SNIPPET_ICON_ACCEPT = SNIPPET_ICON_TYPES.flatMap((t) => t.extensions).join(',');

export function snippetIconTypeOf(fileName: string) {
  const lower = fileName.toLowerCase();
  return SNIPPET_ICON_TYPES.find((t) => t.extensions.some((ext) => lower.endsWith(ext)));
}

const WIDGET_UPLOAD_EXTENSIONS_LABEL = 'png, jpg, gif and pdf';
const WIDGET_UPLOAD_MAX_MB = 5;

export const SNIPPET_MESSAGES = {
  createFailed: 'Failed to create snippet!',
  deleteFailed: 'Failed to delete snippet!',
  saved: 'Saved!',
  confirmDelete: 'Are you sure you want to delete this chat bubble?',
  originOnly: 'Url should contain only the origin part!',
  invalidUrl: 'Invalid URL',
  nameMissing: 'Snippet name must be a valid string',
  nameTooLong: `A snippet name has at most ${SNIPPET_LIMITS.nameMaxLength} characters.`,
  nameTaken: (name: string) => `A chat bubble named ${name} already exists.`,
  notFound: (name: string) => `There is no chat bubble named ${name}.`,
  tooMany: `A bot has at most ${SNIPPET_LIMITS.perBot} chat bubbles.`,
  colorInvalid: 'A colour is written #rrggbb.',
  popupDelay: 'The delay is a number of seconds, 0 or more.',
  popupMessageMissing: 'A popup message needs a text.',
  iconMissing: 'Choose an icon file to upload.',
  iconTooBig: (maxBytes: number) => `Icon is too big. Accepted size is ${Math.floor(maxBytes / 1024)}KB`,
  iconType: `Icon type is incorrect. Accepted types are ${SNIPPET_ICON_TYPES.map((t) => t.label).join(', ')}`,
  iconUnreadable: 'The icon could not be read as the image its name says.',
  iconUnsafeSvg: 'This SVG refers to other files or declares entities; save it as a plain drawing or a PNG.',
  // The widget's visitor side.
  originRefused: 'This chat is not available on this site.',
  /** The Chat Bubble channel is not added and enabled on the bot's Configuration tab. */
  channelOff: 'This chat is switched off.',
  widgetNotFound: 'This chat is not available (any more).',
  visitorEnded: 'This chat session ended. Reload the page to chat again.',
  tooManyConversations: 'Too many new chats from here. Try again in a few minutes.',
  tooManyMessages: 'You are sending messages too fast. Wait a moment.',
  uploadsOff: 'This chat takes no files.',
  uploadMissing: 'Choose a file to send.',
  uploadType: `Only ${WIDGET_UPLOAD_EXTENSIONS_LABEL} files can be sent.`,
  uploadTooBig: `A file can be at most ${WIDGET_UPLOAD_MAX_MB} MB.`,
  uploadUnreadable: 'This file is not what its name says.',
  tooManyUploads: 'You sent many files. Wait a while before sending more.',
} as const;

/**
 * The problem with an allowed origin, or undefined: it must be an http(s) URL of only the
 * origin part (scheme, host, port), e.g. https://shop.example.com.
 */
export function snippetOriginProblem(value: string): string | undefined {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return SNIPPET_MESSAGES.invalidUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return SNIPPET_MESSAGES.originOnly;
  // Scheme and authority (host, port) only: no user, path, query or fragment; a final '/' may stay.
  if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(text)) return SNIPPET_MESSAGES.originOnly;
  return undefined;
}

/** An allowed origin as stored and compared: the URL's own origin (lower case, no slash, no default port). */
export const normalisedOrigin = (value: string): string => new URL(value.trim()).origin;

/** Whether a page of `origin` (its Origin header) may use a snippet; an empty list allows all. */
export function isOriginAllowed(allowedOrigins: readonly string[], origin: string | undefined): boolean {
  if (allowedOrigins.length === 0) return true;
  if (!origin) return false;
  return allowedOrigins.includes(origin.toLowerCase());
}

// --- the widget's visitor protocol (docs/chat-widget-protocol.md) ---------------------------

/** The channel the widget's conversations run on (the production flows), from the channel catalogue. */
export const CHAT_BUBBLE_CHANNEL = { id: 'chatBubble', name: CHANNELS.chatBubble.name } as const satisfies {
  id: ChannelId;
  name: string;
};

/** The query parameter of the websocket that carries a visitor token. */
export const WIDGET_SOCKET_PARAM = 'widgetToken';

/** A visitor's upload (the Upload button): its multipart field, and the token's field sent before it. */
export const WIDGET_UPLOAD_FIELD = 'file';
export const WIDGET_UPLOAD_TOKEN_FIELD = 'visitorToken';
/** Visitors send pictures and PDFs of at most 5 MB. */
export const WIDGET_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const WIDGET_UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'pdf'] as const;
export type WidgetUploadExtension = (typeof WIDGET_UPLOAD_EXTENSIONS)[number];
export const WIDGET_UPLOAD_ACCEPT = WIDGET_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The accepted extension of a file name, or undefined. */
export function widgetUploadExtensionOf(fileName: string): WidgetUploadExtension | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return WIDGET_UPLOAD_EXTENSIONS.find((e) => e === extension);
}

/** POST /api/widget/{token}/uploads: where the file is; the widget then sends it as an attachment. */
export interface WidgetUploaded {
  url: string;
  name: string;
}

/** GET /api/widget/{token}?code=…: what the widget needs to draw itself. */
export interface WidgetConfig {
  botId: string;
  displayName: string;
  settings: SnippetSettings;
  /** Absolute URLs of the uploaded images, or null. */
  avatarUrl: string | null;
  bubbleIconUrl: string | null;
  /** The bot lets its users have their data removed (GDPR removeUserData): the widget offers it. */
  canRemoveUserData: boolean;
}

/** POST /api/widget/{token}/conversations. */
export interface WidgetConversationBody {
  code: string;
  /** The visitor key the widget kept from an earlier answer. */
  visitorKey?: string;
  /** The conversation the widget kept; continued when it is this visitor's and recent. */
  conversationId?: string;
  startNew?: boolean;
  /** The page's language (its lang attribute, else the browser's): a new conversation's, when the bot has it. */
  language?: string;
}

export interface WidgetConversationStarted {
  conversationId: string;
  botId: string;
  language: string;
  visitorKey: string;
  /** For the websocket (`?app=parley&widgetToken=…`); good until `expiresAt`. */
  visitorToken: string;
  expiresAt: string;
  websocketUrl: string;
  isContinued: boolean;
  history: Array<{ from: 'user' | 'bot'; activity: Record<string, unknown> }>;
}
