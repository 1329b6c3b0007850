import type { FunctionType } from '@parley/contracts';
import type { ComponentType } from 'react';
import { AdaptiveCardFields } from './AdaptiveCardFields';
import { CaptureStorageFields } from './CaptureStorageFields';
import { CodeFields } from './CodeFields';
import type { ResultEditorProps, TypeEditorProps } from './editor-props';
import { RestFields } from './RestFields';
import { RestResponse } from './RestResponse';
import { SendEventFields } from './SendEventFields';
import { SqlFields } from './SqlFields';

/**
 * Each type's own fields, declared once: the creation modal and the pane both read this.
 * Sub flows have none here (their canvas is the flow editor's); LLM functions are the LLM
 * settings' and keep their fields untouched.
 */
export const FUNCTION_TYPE_EDITORS: Record<FunctionType, ComponentType<TypeEditorProps> | null> = {
  rest: RestFields,
  sql: SqlFields,
  code: CodeFields,
  adaptiveCard: AdaptiveCardFields,
  captureStorage: CaptureStorageFields,
  sendEvent: SendEventFields,
  flow: null,
  llm: null,
};

/**
 * A type's help with its outputs, shown above them: REST shows the response's shape and a test
 * call's answer, whose values are picked as output paths.
 */
export const FUNCTION_RESULT_EDITORS: Partial<Record<FunctionType, ComponentType<ResultEditorProps>>> = {
  rest: RestResponse,
};
