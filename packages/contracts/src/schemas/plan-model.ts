/**
 * The selected tenant's plan as GET /api/tenant/plan answers it (spec 01 section 3 'Plan'):
 * the caps and the feature flags of its metadata. Prices, the trial and the app-marketplace
 * state come with the plans issue.
 */
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

export interface TenantPlan {
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
export const planHasImportExport = (plan: Pick<TenantPlan, 'metadata'> | undefined): boolean =>
  plan?.metadata.hasImportExport === true;
