import type { FunctionDraft } from '../../function-draft';

/** What each type's editor receives. */
export interface TypeEditorProps {
  draft: FunctionDraft;
  onChange: (patch: Partial<FunctionDraft>) => void;
  isReadOnly: boolean;
  /** A refusal naming one of the type's fields ('url' ...), shown under it. */
  errors: Partial<Record<string, string>>;
}
