import type { FunctionDraft } from '../../function-draft';

/** What each type's editor receives. */
export interface TypeEditorProps {
  draft: FunctionDraft;
  onChange: (patch: Partial<FunctionDraft>) => void;
  isReadOnly: boolean;
  /** A refusal naming one of the type's fields ('url' ...), shown under it. */
  errors: Partial<Record<string, string>>;
}

/** What a type's result helper receives: it may run the function and fill the outputs. */
export interface ResultEditorProps {
  botName: string;
  draft: FunctionDraft;
  onChange: (patch: Partial<FunctionDraft>) => void;
  isReadOnly: boolean;
}
