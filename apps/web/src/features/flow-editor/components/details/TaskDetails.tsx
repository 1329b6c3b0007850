import { FUNCTION_TYPE_CATALOGUE, type FunctionType, type FunctionView } from '@parley/contracts';
import {
  categoryOf,
  firstLanguageData,
  isSubFlowBlock,
  kindData,
  kindsOfCategory,
  newOutputNames,
  SUB_FLOW_TYPE,
} from '@parley/editor';
import {
  type BlockData,
  type BlockField,
  blockKindOf,
  DECISION_OPERATIONS,
  decisionOperation,
  FUNCTION_FAILED_EXIT,
  functionInputKey,
  LLM_BLOCK_KIND,
} from '@parley/flows/blocks';
import { useState } from 'react';
import { Checkbox, Select, TextField } from '../../../../ui';
import { engineLabel } from '../../engine-provider';
import { BlockFileInput } from './BlockFileInput';
import { ConnectorFields } from './ConnectorFields';
import { type DetailsContext, dataOf, patchAll, patchLanguage, replaceAll } from './details-context';
import { EquationInput } from './EquationInput';
import { ExtensionChoices } from './ExtensionChoices';
import { FieldInput } from './FieldInput';
import { OutputVariables } from './OutputVariables';

/** The function types a Function block offers (spec 03 section 2.6), in the spec's order. */
const FUNCTION_BLOCK_TYPES: readonly FunctionType[] = [
  'rest',
  'sql',
  'adaptiveCard',
  'code',
  'captureStorage',
  'sendEvent',
];
const functionTypeLabel = (type: FunctionType) =>
  type === 'code'
    ? 'CODE'
    : ['captureStorage', 'sendEvent'].includes(type)
      ? `${FUNCTION_TYPE_CATALOGUE[type].label} (BETA)`
      : FUNCTION_TYPE_CATALOGUE[type].label;

/** What a failed call does (docs/decisions.md 'REST calls in flows'), where the designer decides it. */
const FAILED_PATH_MISSING = `When the call fails (no answer in time, or an answer that is not 2xx), the bot says its unexpected-error message. To answer it yourself, draw a second arrow from this block and set it to leave by "${FUNCTION_FAILED_EXIT.label}".`;
const FAILED_PATH_DRAWN = `When the call fails (no answer in time, or an answer that is not 2xx), the flow goes on by the arrow that leaves by "${FUNCTION_FAILED_EXIT.label}".`;

/** Set by an upload with the file field, never typed. */
const UPLOAD_KEYS = ['fileId', 'fileExtension', 'contentType'];

/**
 * The block's names for a function's outputs, in the function's order: the runtime sets output i
 * under fc-output[i]. Each starts as the function's own variable name, with a counter when another
 * block of the flow already sets it (spec 03 section 5).
 */
const functionOutputNames = (fn: FunctionView, used: ReadonlySet<string>) =>
  newOutputNames(
    fn.outputs.map((output) => output.variableName).filter((name) => name.trim() !== ''),
    used,
  );

/** Texts are kept per language; what a block does is the same in every language. */
const isPerLanguage = (field: BlockField) =>
  field.kind === 'text' || field.kind === 'richText' || field.kind === 'list';

function usedOutputs(context: DetailsContext): Set<string> {
  const used = new Set<string>();
  for (const block of context.canvas.blocks()) {
    if (block.id === context.elementId) continue;
    for (const data of Object.values(block.customData)) {
      const outputs = data['fc-output'];
      if (Array.isArray(outputs)) for (const name of outputs) used.add(String(name));
    }
  }
  return used;
}

/** A task block: its name, what it does (kind, function, sub flow or LLM), its fields and outputs. */
export function TaskDetails({ context }: { context: DetailsContext }) {
  // Drawn again for each element (the panel keys editors by element), so this starts from its data.
  const [isFunctionPerLanguage, setIsFunctionPerLanguage] = useState(() => {
    const data = Object.values(dataOf(context));
    return new Set(data.map((values) => values.fc)).size > 1;
  });
  const element = context.canvas.element(context.elementId);
  if (!element) return null;
  const category = categoryOf(element.businessObject);
  const all = dataOf(context);
  const shown = all[context.language] ?? Object.values(all)[0] ?? {};
  const canConfigure = context.rights.canEditTexts;
  const fc = typeof shown.fc === 'string' ? shown.fc : '';
  const outputs = Array.isArray(shown['fc-output']) ? shown['fc-output'].map(String) : [];
  const isSubFlow = isSubFlowBlock(element);
  const fcOf = (language: string) => {
    const value = all[language]?.fc;
    return typeof value === 'string' ? value : '';
  };
  // A custom function may differ per language (spec 03 section 2.6); the runtime reads each language's fc.
  const hasFunctionPerLanguage = new Set(context.languages.map(fcOf)).size > 1;
  const canChooseFunctionPerLanguage = category === 'custom' && !isSubFlow && context.languages.length > 1;

  const chooseKind = (nextFc: string) => {
    const kind = blockKindOf(category, nextFc);
    if (!kind) return;
    replaceAll(context, kindData(kind, usedOutputs(context)));
    context.canvas.setName(context.elementId, kind.displayName);
  };
  /** One language's function, the others keep theirs; the outputs, the first function's, are shared. */
  const chooseLanguageFunction = (name: string) => {
    const fn = context.functions.find((candidate) => candidate.name === name);
    const sharedOutputs =
      outputs.length > 0 ? outputs : fn ? functionOutputNames(fn, usedOutputs(context)) : [];
    const inputs = Object.fromEntries(
      (fn?.inputs ?? []).map((input) => [functionInputKey(input.name), input.defaultValue]),
    );
    context.canvas.setCustomData(
      context.elementId,
      Object.fromEntries(
        Object.entries(all).map(([language, values]): [string, BlockData] => [
          language,
          language === context.language
            ? { ...values, ...inputs, fc: name, 'fc-output': sharedOutputs }
            : { ...values, 'fc-output': sharedOutputs },
        ]),
      ),
    );
    if (context.language === context.languages[0])
      context.canvas.setName(context.elementId, name || 'Function');
  };
  const setFunctionPerLanguage = (isOn: boolean) => {
    setIsFunctionPerLanguage(isOn);
    // Back to one function: the shown language's, everywhere.
    if (!isOn && hasFunctionPerLanguage) {
      patchAll(context, { fc });
      context.canvas.setName(context.elementId, fc || 'Function');
    }
  };
  const chooseFunction = (name: string, type: FunctionType) => {
    if (isFunctionPerLanguage && canChooseFunctionPerLanguage && name !== '' && type === functionType) {
      chooseLanguageFunction(name);
      return;
    }
    const fn = context.functions.find((candidate) => candidate.name === name);
    replaceAll(context, {
      fc: name,
      'fc-output-default': [type],
      // Outputs are new for a new function (spec 03 section 3.2): its own, made unique in the flow.
      'fc-output': fn ? functionOutputNames(fn, usedOutputs(context)) : [],
      ...Object.fromEntries(
        (fn?.inputs ?? []).map((input) => [functionInputKey(input.name), input.defaultValue]),
      ),
    });
    context.canvas.setName(context.elementId, name || (isSubFlow ? 'Sub flow' : 'Function'));
  };

  const kind = category === 'llm' ? LLM_BLOCK_KIND : blockKindOf(category, fc);
  const functionType = (
    Array.isArray(shown['fc-output-default']) ? shown['fc-output-default'][0] : undefined
  ) as FunctionType | undefined;
  const chosenFunction = context.functions.find((candidate) => candidate.name === fc);
  const canCallFail =
    functionType !== undefined && FUNCTION_TYPE_CATALOGUE[functionType]?.canFailInConversation;
  const hasFailedPath = (element.outgoing ?? []).some(
    (arrow) => firstLanguageData(arrow.businessObject).exit === FUNCTION_FAILED_EXIT.id,
  );
  const engine = kind ? engineLabel(kind.fc, context.settings) : null;

  const fieldInput = (field: BlockField) => {
    if (field.key === 'condition' && kind?.fc === 'validationBlock')
      return (
        <Select
          key={field.key}
          label={field.label}
          value={String(shown.condition ?? '')}
          placeholder="Choose a variable"
          disabled={!canConfigure}
          options={context.variables.map((name) => ({ value: name, label: name }))}
          onChange={(event) => patchAll(context, { condition: event.target.value })}
        />
      );
    if (field.key === 'operation' && kind?.fc === 'validationBlock')
      return (
        <Select
          key={field.key}
          label={field.label}
          value={shown.operation === undefined || shown.operation === null ? '' : String(shown.operation)}
          placeholder="Choose an operation"
          disabled={!canConfigure}
          options={DECISION_OPERATIONS.map((operation) => ({
            value: String(operation.id),
            label: operation.name,
          }))}
          onChange={(event) => patchAll(context, { operation: Number(event.target.value), connector: {} })}
        />
      );
    if (field.kind === 'connector') {
      const operation = decisionOperation(shown.operation);
      return operation ? (
        <fieldset key={field.key} className="flow-details__group">
          <legend>{field.label}</legend>
          <ConnectorFields
            operation={operation}
            data={(shown.connector ?? {}) as Record<string, unknown>}
            variables={context.variables.filter((name) => name !== shown.condition)}
            closedListEntityNames={context.closedListEntityNames}
            isDisabled={!canConfigure}
            onChange={(connector) => patchAll(context, { connector })}
          />
        </fieldset>
      ) : null;
    }
    if (field.key === 'llmId') {
      return (
        <Select
          key={field.key}
          label="LLM"
          value={String(shown.llmId ?? '')}
          placeholder={context.llms.length === 0 ? 'No LLMs are available yet' : 'Choose an LLM'}
          disabled={!context.rights.canManageLlms}
          options={context.llms.map((llm) => ({
            value: llm.llmId,
            label: `${llm.llmDisplayName} (${llm.model || 'Default model'})`,
          }))}
          onChange={(event) => {
            const llm = context.llms.find((candidate) => candidate.llmId === event.target.value);
            // The function name of an LLM block is the LLM's display name (spec 03 section 2.6).
            patchAll(context, { llmId: event.target.value, fc: llm?.llmDisplayName ?? '' });
            if (llm) context.canvas.setName(context.elementId, llm.llmDisplayName);
          }}
        />
      );
    }
    const perLanguage = isPerLanguage(field);
    const isDisabled = category === 'llm' ? !context.rights.canManageLlms : !canConfigure;
    const change = (value: unknown) =>
      (perLanguage ? patchLanguage : patchAll)(context, { [field.key]: value });
    if (field.key === 'field-possible-extensions')
      return (
        <ExtensionChoices
          key={field.key}
          label={field.label}
          value={shown[field.key]}
          isDisabled={!canConfigure}
          // Which files the block takes is the same in every language.
          onChange={(extensions) => patchAll(context, { [field.key]: extensions })}
        />
      );
    if (kind?.fc === 'simpleCalculationBlock' && field.key === 'field-equation')
      return (
        <EquationInput
          key={field.key}
          id={`${context.elementId}-equation`}
          label={field.label}
          value={typeof shown[field.key] === 'string' ? String(shown[field.key]) : ''}
          variables={context.variables}
          isDisabled={isDisabled}
          onChange={change}
        />
      );
    return (
      <FieldInput
        key={field.key}
        field={field}
        value={shown[field.key]}
        isDisabled={isDisabled}
        entityNames={context.entityNames}
        variables={context.variables}
        {...(field.kind === 'file' && kind
          ? {
              renderFile: (label: string, isFileDisabled: boolean) => (
                <BlockFileInput context={context} fc={kind.fc} label={label} isDisabled={isFileDisabled} />
              ),
            }
          : {})}
        onChange={change}
      />
    );
  };

  return (
    <>
      <TextField
        label="Name"
        value={element.businessObject.name ?? ''}
        disabled={!canConfigure}
        onChange={(event) => context.canvas.setName(context.elementId, event.target.value)}
      />
      {category === 'custom' ? (
        <>
          {!isSubFlow && (
            <Select
              label="Function type"
              value={functionType ?? ''}
              placeholder="Choose a type"
              disabled={!canConfigure}
              options={FUNCTION_BLOCK_TYPES.map((type) => ({ value: type, label: functionTypeLabel(type) }))}
              onChange={(event) => chooseFunction('', event.target.value as FunctionType)}
            />
          )}
          {canChooseFunctionPerLanguage && functionType && (
            <Checkbox
              label="A different function per language"
              checked={isFunctionPerLanguage}
              disabled={!canConfigure}
              onChange={(event) => setFunctionPerLanguage(event.target.checked)}
            />
          )}
          <Select
            label={
              isSubFlow
                ? 'Sub flow'
                : isFunctionPerLanguage && canChooseFunctionPerLanguage
                  ? `Function (${context.language})`
                  : 'Function'
            }
            value={fc}
            placeholder={isSubFlow ? 'Choose a sub flow' : 'Choose a function'}
            disabled={!canConfigure || (!isSubFlow && !functionType)}
            options={context.functions
              .filter((fn) => fn.type === (isSubFlow ? SUB_FLOW_TYPE : functionType))
              .map((fn) => ({ value: fn.name, label: fn.name }))}
            onChange={(event) =>
              chooseFunction(event.target.value, isSubFlow ? SUB_FLOW_TYPE : (functionType ?? 'rest'))
            }
          />
          {canCallFail && (
            <p className="flow-details__hint">{hasFailedPath ? FAILED_PATH_DRAWN : FAILED_PATH_MISSING}</p>
          )}
          {chosenFunction?.inputs.map((input) => (
            <TextField
              key={input.name}
              label={input.name}
              value={String(shown[functionInputKey(input.name)] ?? '')}
              disabled={!canConfigure}
              onChange={(event) =>
                patchLanguage(context, { [functionInputKey(input.name)]: event.target.value })
              }
            />
          ))}
        </>
      ) : category !== 'llm' ? (
        <Select
          label="Block"
          value={kind ? kind.fc : ''}
          placeholder="Choose what this block does"
          disabled={!canConfigure}
          options={kindsOfCategory(category, context.isWelcomeIntent).map((candidate) => ({
            value: candidate.fc,
            label: candidate.displayName,
          }))}
          onChange={(event) => chooseKind(event.target.value)}
        />
      ) : null}
      {kind?.palette.help && <p className="flow-details__hint">{kind.palette.help}</p>}
      {engine && <p className="flow-details__engine">{engine}</p>}
      {kind?.fields.filter((field) => !UPLOAD_KEYS.includes(field.key)).map(fieldInput)}
      {outputs.length > 0 && <OutputVariables context={context} outputs={outputs} />}
    </>
  );
}
