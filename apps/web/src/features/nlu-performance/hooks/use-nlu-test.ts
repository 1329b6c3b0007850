import { NLU_PERFORMANCE_MESSAGES as M, type NluTestStatus } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { showFailure } from '../../../api/server-error';
import { popup } from '../../../ui';
import { fetchNluTestStatus, startNluTest } from '../api/nlu-performance-api';
import { NLU_PERFORMANCE_KEYS as K } from './nlu-performance-keys';

/** Spec 01 'NLU performance test run': polled each second until no longer running. */
export const NLU_TEST_POLL_MS = 1000;

/**
 * The NLU test of the tab: its status (polled every second while a run is going, also one
 * started elsewhere), `start`, and a finished (or failed) message when a run it watched ends;
 * then the results, the measuring scores and the automate decision are read again.
 */
export function useNluTest(botName: string) {
  const client = useQueryClient();
  const [isStarting, setIsStarting] = useState(false);
  const status = useQuery({
    queryKey: K.test(botName),
    queryFn: ({ signal }) => fetchNluTestStatus(botName, signal),
    refetchInterval: (query) => (query.state.data?.isRunning ? NLU_TEST_POLL_MS : false),
  });

  const wasRunning = useRef(false);
  const data = status.data;
  useEffect(() => {
    if (!data) return;
    if (wasRunning.current && !data.isRunning) {
      void client.invalidateQueries({ queryKey: K.results(botName) });
      void client.invalidateQueries({ queryKey: K.measuring(botName) });
      if (data.status === 'failed') void popup.error({ title: M.testFailed, text: data.error ?? '' });
      else void popup.info({ title: M.testFinished });
    }
    wasRunning.current = data.isRunning;
  }, [data, botName, client]);

  const start = async () => {
    setIsStarting(true);
    try {
      const started = await startNluTest(botName);
      client.setQueryData<NluTestStatus>(K.test(botName), started);
    } catch (error) {
      showFailure('Error!', error);
      // 'Already running': follow the run that is going.
      void client.invalidateQueries({ queryKey: K.test(botName) });
    } finally {
      setIsStarting(false);
    }
  };

  return { status, isRunning: data?.isRunning === true, isStarting, start };
}
