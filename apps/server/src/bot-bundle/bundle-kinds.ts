import type { BundleKind } from './bundle-kind';
import { channelsKind } from './kinds/channels.kind';
import { entitiesKind } from './kinds/entities.kind';
import { flowsKind } from './kinds/flows.kind';
import { functionsKind } from './kinds/functions.kind';
import { intentsKind } from './kinds/intents.kind';
import { nluDatasetKind } from './kinds/nlu-dataset.kind';
import { objectsKind } from './kinds/objects.kind';
import { settingsKind } from './kinds/settings.kind';
import { variablesKind } from './kinds/variables.kind';

/**
 * Every kind of content a bot bundle carries, in the order an import creates them: entities
 * before the intents whose patterns name them; functions, variables and objects after, each
 * checked against the names already there; the NLU test dataset; flows after what they use;
 * channels last.
 */
export const BOT_BUNDLE_KINDS: readonly BundleKind[] = [
  settingsKind,
  entitiesKind,
  intentsKind,
  functionsKind,
  variablesKind,
  objectsKind,
  nluDatasetKind,
  flowsKind,
  channelsKind,
];
