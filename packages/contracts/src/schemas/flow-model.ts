/**
 * Dialog flows without zod (the browser loads this): version statuses, activation targets,
 * messages and the content the flow calls answer (spec 03 sections 3.1, 4.2, 7 and 8).
 */

/** Whose flow: an intent's (intents mode) or a sub flow's (functions mode). */
export const FLOW_OWNER_KINDS = ['intent', 'function'] as const;
export type FlowOwnerKind = (typeof FLOW_OWNER_KINDS)[number];

/** Statuses of a saved version (spec 03 section 3.1). */
export const FLOW_VERSION_STATUSES = ['unpublished', 'auto-saved', 'faulty-flow'] as const;
export type FlowVersionStatus = (typeof FLOW_VERSION_STATUSES)[number];

/** Where a version is activated: the test channel, or every channel (production). */
export const FLOW_TARGETS = ['test', 'production'] as const;
export type FlowTargetName = (typeof FLOW_TARGETS)[number];

/** 'v' followed by the version number (spec 03 section 7). */
export const flowVersionName = (version: number): string => `v${version}`;

/** The number of a version name, or null when the text is not one. */
export function versionOfName(name: string): number | null {
  const match = /^v([1-9][0-9]{0,8})$/.exec(name);
  return match ? Number(match[1]) : null;
}

export const FLOW_MESSAGES = {
  saved: 'Flow saved!',
  activated: (name: string) => `Flow ${name} activated!`,
  allActivated: 'All flows are activated!',
  alreadyActive: 'Saved',
  activationFailed: 'Error with activating the flow',
  saveFailed: 'Error with the flow! Could you check if everything alright',
  autoSaved: 'This version was auto saved!',
  notActivated: 'Your latest intent flow is saved, but you have not activated it to channels yet.',
  missingFunctions: 'Warning! Flow contains custom functions which need to be available:',
  methodNotImplemented: 'Method not implemented.',
  faqNoFlow: "FAQ intents don't have a flow",
  // Not in the spec (docs/decisions.md, Flows).
  noSuchVersion: (name: string) => `There is no version ${name} of this flow.`,
  noVersionYet: 'This flow has no saved version yet.',
  faultyVersion: (name: string) => `Version ${name} has errors and cannot be activated.`,
  notASubFlow: (name: string) => `${name} is not a sub flow.`,
  xmlMissing: 'Please send the flow (xml).',
  unknownTemplate: 'Please choose one of the template flows.',
  xmlNotDecodable: 'The flow (xml) is not correctly URI-encoded.',
  versionNameInvalid: 'The version name must be the letter v followed by the version number.',
} as const;

/** One saved version as the content call lists it (newest first). */
export interface FlowVersionView {
  version: number;
  versionName: string;
  xml: string;
  /** When it was saved (GMT, ISO 8601). */
  modified: string;
  status: FlowVersionStatus;
  savedBy: string;
}

/** One activation: the first of a list is the active one. */
export interface FlowActivationView {
  version: number;
  versionName: string;
  activatedAt: string;
  activatedBy: string;
}

/** A problem the server's flow validation found (spec 03 section 4.3). */
export interface FlowProblemView {
  message: string;
  blockId: string | null;
  type: 'error' | 'warning';
}

/** GET .../content: the flow of an intent or sub flow with its versions and activations. */
export interface FlowContentView {
  kind: FlowOwnerKind;
  name: string;
  /** The newest version's XML, or null when nothing was saved yet. */
  xml: string | null;
  /** Every version, newest first. */
  xmlArray: FlowVersionView[];
  /** Production activations, newest first. */
  labeledVersions: FlowActivationView[];
  /** Test-channel activations, newest first. */
  testVersions: FlowActivationView[];
}

/** A save's answer: the version made, with the problems validation found in it. */
export interface SavedFlowVersionView extends FlowVersionView {
  problems: FlowProblemView[];
}

/** An activation's answer; `activated` is false when the version was already the active one. */
export interface FlowActivationResult {
  activated: boolean;
  message: string;
  content: FlowContentView;
}

/** GET /api/templates: the flow templates offered when an intent is created. */
export interface FlowTemplateView {
  id: string;
  name: string;
  description: string;
}

/** The largest flow document accepted (UTF-8 bytes of its XML). */
export const FLOW_XML_MAX_BYTES = 2 * 1024 * 1024;
