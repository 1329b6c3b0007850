import { NLU_PERFORMANCE_PERMISSIONS, type NluMeasuringBody } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { SettingsSaveAction } from '../../bot-settings';
import { fetchNluMeasuring, saveNluMeasuring } from '../api/nlu-performance-api';
import { NLU_PERFORMANCE_KEYS as K } from './nlu-performance-keys';

/**
 * The measuring toggles being edited (spec 04 section 4 'Measuring'), saved by the frame's
 * 'Save settings' through the save action this registers while the tab is shown.
 */
export function useMeasuringDraft(
  botName: string,
  registerSaveAction: (action: SettingsSaveAction | undefined) => void,
) {
  const client = useQueryClient();
  const measuring = useQuery({
    queryKey: K.measuring(botName),
    queryFn: ({ signal }) => fetchNluMeasuring(botName, signal),
  });
  const [draft, setDraft] = useState<NluMeasuringBody>();
  const value: NluMeasuringBody | undefined =
    draft ??
    (measuring.data && {
      intentDetectionMeasuring: measuring.data.intentDetectionMeasuring,
      measuringRecognizers: measuring.data.measuringRecognizers,
    });
  // The save reads the latest draft, whatever render registered it.
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    const action: SettingsSaveAction = {
      anyOf: NLU_PERFORMANCE_PERMISSIONS,
      save: async () => {
        if (!latest.current) return;
        const saved = await saveNluMeasuring(botName, latest.current);
        client.setQueryData(K.measuring(botName), saved);
        setDraft(undefined);
      },
    };
    registerSaveAction(action);
    return () => registerSaveAction(undefined);
  }, [botName, client, registerSaveAction]);

  const setMeasuring = (isOn: boolean) => value && setDraft({ ...value, intentDetectionMeasuring: isOn });
  const setProvider = (id: string, isOn: boolean) =>
    value &&
    setDraft({
      ...value,
      measuringRecognizers: isOn
        ? [...new Set([...value.measuringRecognizers, id])]
        : value.measuringRecognizers.filter((p) => p !== id),
    });

  return { measuring, value, setMeasuring, setProvider };
}
