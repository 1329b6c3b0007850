import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import {
  fetchAutoPublish,
  fetchAutoValidation,
  saveAutoPublish,
  saveAutoValidation,
} from '../api/flow-editor-api';

export type EditorPreference = 'autoPublish' | 'autoValidation';
type Preferences = Record<EditorPreference, boolean>;

const PREFERENCES_KEY = ['flow-editor-preferences'];
const SAVE: Record<EditorPreference, (value: boolean) => Promise<unknown>> = {
  autoPublish: saveAutoPublish,
  autoValidation: saveAutoValidation,
};

/**
 * The user's auto-publish and auto-validation switches (spec 03 section 2.4b): read once, shown
 * at once when changed, and put back when the server refuses the change (the error then goes to
 * the global handler: the spec's 'rethrows').
 */
export function useEditorPreferences(): [
  Preferences,
  (name: EditorPreference, value: boolean) => Promise<void>,
] {
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: async (): Promise<Preferences> => ({
      autoPublish: (await fetchAutoPublish()).autoPublish,
      autoValidation: (await fetchAutoValidation()).autoValidation,
    }),
  });
  const [shown, setShown] = useState<Preferences>({ autoPublish: false, autoValidation: false });
  useEffect(() => {
    if (stored.data) setShown(stored.data);
  }, [stored.data]);

  const change = async (name: EditorPreference, value: boolean) => {
    setShown((old) => ({ ...old, [name]: value }));
    try {
      await SAVE[name](value);
      queryClient.setQueryData(
        PREFERENCES_KEY,
        (old: Preferences | undefined) => old && { ...old, [name]: value },
      );
    } catch (error) {
      setShown((old) => ({ ...old, [name]: !value }));
      handleApiError(error);
    }
  };
  return [shown, change];
}
