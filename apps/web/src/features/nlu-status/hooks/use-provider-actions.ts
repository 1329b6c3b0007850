import { NLU_STATUS_MESSAGES as M, nluProviderLabel } from '@parley/contracts';
import { useState } from 'react';
import { showFailure } from '../../../api/server-error';
import { popup } from '../../../ui';
import { createNlu, createNluResource, deleteNlu, fetchNluStatus } from '../api/nlu-status-api';
import { useNluStatusRefresh } from './use-nlu-status';

const SUCCESS = 'Success!';
const DELETED = 'Deleted!';
const FAILED = 'Error!';

/** The provider an action runs on and the step it is at, shown in its row. */
export interface ProviderProgress {
  provider: string;
  text: string;
}

/**
 * Configure and Remove of the NLU Status tab (spec 04 section 4 'NLU provider'). Configure
 * checks the status, then creates what is missing: the resource, then the NLU. One action runs
 * at a time.
 */
export function useProviderActions(botName: string) {
  const [progress, setProgress] = useState<ProviderProgress>();
  const refresh = useNluStatusRefresh(botName);

  const run = async (provider: string, work: (step: (text: string) => void) => Promise<void>) => {
    const step = (text: string) => setProgress({ provider, text });
    try {
      await work(step);
    } catch (error) {
      showFailure(FAILED, error);
    } finally {
      await refresh();
      setProgress(undefined);
    }
  };

  const configure = (provider: string) =>
    run(provider, async (step) => {
      step(M.checking);
      const status = await fetchNluStatus(botName, provider);
      if (!status.hasResource) {
        step(M.creatingResource);
        await createNluResource(botName, provider);
      }
      if (!status.hasNlu) {
        step(M.creatingNlu);
        await createNlu(botName, provider);
      }
      void popup.info({ title: SUCCESS, text: M.configured(nluProviderLabel(provider)) });
    });

  /** Removing the only configured provider leaves the bot with just the Welcome intent: asked first. */
  const remove = async (provider: string, isOnlyConfigured: boolean) => {
    const label = nluProviderLabel(provider);
    if (isOnlyConfigured) {
      const isSure = await popup.confirm({
        title: M.removeOnlyTitle,
        text: M.removeOnlyText(label),
        actionText: M.remove,
        isDanger: true,
      });
      if (!isSure) return;
    }
    await run(provider, async (step) => {
      step(M.removing);
      await deleteNlu(botName, provider);
      void popup.info({ title: DELETED, text: M.removed(label) });
    });
  };

  return { progress, configure, remove };
}
