/** A plan's feature flags, kept as its metadata. */
export interface PlanMetadata {
  /** 'Import a bot' and 'Export Bot' (spec 01 section 2). */
  hasImportExport?: boolean;
  hasNluPerformance?: boolean;
  /** The channel ids the plan offers; left out: every channel (spec 04 section 5). */
  allowedChannels?: string[];
  /** The most channels a bot may have enabled; the Test Chat never counts. Left out: no limit. */
  maxChannels?: number;
  [feature: string]: unknown;
}

/**
 * A plan (spec 01 section 3 'Plan'): the caps and the feature flags of its metadata, as stored
 * (packages/db), as GET /api/tenant/plan answers the selected tenant's, and as the master
 * administrator's tenant list shows them. Prices, the trial and the app-marketplace state come
 * with the plans issue.
 */
export interface Plan {
  id: string;
  name: string;
  maxFreeBots: number;
  maxFreeUsers: number;
  maxFreeInteractions: number;
  hasAdditionalBotsCost: boolean;
  hasAdditionalUsersCost: boolean;
  hasAdditionalInteractionsCost: boolean;
  metadata: PlanMetadata;
}

/** Whether the plan lets its tenant export and import whole bots. */
export const planHasImportExport = (plan: Pick<Plan, 'metadata'> | undefined): boolean =>
  plan?.metadata.hasImportExport === true;
