import { useState } from 'react';

import { handleApiError } from '../../../../api/error-reactions';
import { fetchBotLimit } from '../../api/bots-api';
import { offerUpgrade, warnAdditionalCost } from './bot-limit-dialogs';

/** Which dialog makes the new bot: the create dialog, or Import a bot. */
export type NewBotDialog = 'create' | 'import';

/**
 * 'Create a bot' and 'Import a bot': asks the server how the plan's bot cap stands first (spec
 * 01 section 8 'Bot limit'). At the cap the Upgrade dialog shows instead; with extra-cost bots
 * the warning comes first, and going on is the consent the create or import call then carries.
 */
export function useCreateBotLauncher() {
  const [isChecking, setIsChecking] = useState<NewBotDialog | undefined>();
  const [dialog, setDialog] = useState<{ kind: NewBotDialog; acceptAdditionalCost: boolean } | undefined>();

  const open = async (kind: NewBotDialog = 'create') => {
    setIsChecking(kind);
    let limit: Awaited<ReturnType<typeof fetchBotLimit>>;
    try {
      limit = await fetchBotLimit();
    } catch (error) {
      handleApiError(error);
      return;
    } finally {
      setIsChecking(undefined);
    }
    if (limit.isAtLimit && !limit.hasAdditionalBotsCost) {
      await offerUpgrade();
      return;
    }
    if (limit.isAtLimit && !(await warnAdditionalCost())) return;
    setDialog({ kind, acceptAdditionalCost: limit.isAtLimit });
  };

  return { isChecking, open, dialog, close: () => setDialog(undefined) };
}
