import type { PermissionId } from '@parley/contracts';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import type { SettingsSaveAction } from '../../bot-settings';
import type { FormProblems } from '../gdpr-form';

interface FeatureDraftOptions<S, D> {
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<S>;
  draftOf: (saved: S) => D;
  problemsOf: (draft: D) => FormProblems;
  /**
   * Problems only known once something is loaded (the masking patterns' RE2), asked at Save;
   * the first one refuses the save like a server refusal would.
   */
  checkBeforeSave?: (draft: D) => Promise<FormProblems>;
  save: (draft: D) => Promise<S>;
  /** The permission of the sub-tab's save (spec 04 section 6). */
  permission: PermissionId;
  registerSaveAction: (action: SettingsSaveAction | undefined) => void;
}

/** The first problem as the server would answer it, so the frame says 'Error!' with its message. */
const refusalOf = (problems: FormProblems) => {
  const [field, message] = Object.entries(problems)[0] ?? ['body', ''];
  return new ApiError('validation_error', message, 400, { fieldName: field });
};

/**
 * One Features sub-tab being edited: its saved settings loaded, a draft over them, its problems
 * as the user types, and the save the frame's 'Save settings' runs (registered while the
 * sub-tab is shown, withdrawn when it closes).
 */
export function useFeatureDraft<S, D>(options: FeatureDraftOptions<S, D>) {
  const client = useQueryClient();
  const { queryKey, load, registerSaveAction, permission } = options;
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
  const [draft, setDraft] = useState<D>();
  const value = draft ?? (query.data === undefined ? undefined : options.draftOf(query.data));
  const problems = value === undefined ? {} : options.problemsOf(value);
  // The save reads the latest edits and options, whatever render registered it.
  const latest = useRef({ value, problems, options });
  latest.current = { value, problems, options };
  const keyText = JSON.stringify(queryKey);

  useEffect(() => {
    const action: SettingsSaveAction = {
      anyOf: [permission],
      save: async () => {
        const { value, problems, options } = latest.current;
        if (value === undefined) return;
        if (Object.keys(problems).length > 0) throw refusalOf(problems);
        const later = (await options.checkBeforeSave?.(value)) ?? {};
        if (Object.keys(later).length > 0) throw refusalOf(later);
        const saved = await options.save(value);
        client.setQueryData(JSON.parse(keyText) as QueryKey, saved);
        setDraft(undefined);
      },
    };
    registerSaveAction(action);
    return () => registerSaveAction(undefined);
  }, [client, keyText, permission, registerSaveAction]);

  return { value, problems, change: setDraft, isLoading: query.isPending, error: query.error };
}
