import {
  FUNCTION_TYPE_CATALOGUE,
  isSubFlowType,
  isValidFunctionName,
  FUNCTION_MESSAGES as M,
  type StagedFunction,
} from '@parley/contracts';
import { useState } from 'react';
import { Toggle } from '../../../../ui';
import { ImportContentModal } from '../../../bot-content';
import { importFunction, stageFunctionImport } from '../../api/functions-api';
import type { FunctionsMode } from '../../function-rights';
import { useFunctionsRefresh } from '../../hooks/use-functions';
import { draftFieldError } from '../field-errors';

interface ImportFunctionModalProps {
  botName: string;
  mode: FunctionsMode;
  /** Names an imported function may not take: the functions this bot lists. */
  takenNames: readonly string[];
  canMakeGlobal: boolean;
  onClose: () => void;
  onImported: (name: string) => void;
}

/** Import Function / Import Sub Flow (spec 02 section 2.4), with the Global choice. */
export function ImportFunctionModal({
  botName,
  mode,
  takenNames,
  canMakeGlobal,
  onClose,
  onImported,
}: ImportFunctionModalProps) {
  const refresh = useFunctionsRefresh();
  const [isGlobal, setIsGlobal] = useState(false);
  const isSubs = mode === 'subs';
  return (
    <ImportContentModal<StagedFunction>
      noun={isSubs ? 'Sub Flow' : 'Function'}
      takenNames={takenNames}
      takenMessage={M.nameTaken}
      nameProblem={(name) => (isValidFunctionName(name) ? undefined : M.invalidName)}
      stage={stageFunctionImport}
      nameOf={(fn) => fn.name}
      importAs={async (name, file) => {
        const fn = await importFunction(botName, name, isGlobal, file);
        await refresh();
        return fn.name;
      }}
      nameRefusalOf={(error) => draftFieldError(error)?.name}
      refusalOf={(fn) =>
        isSubFlowType(fn.type) === isSubs
          ? undefined
          : isSubs
            ? 'This file holds a function: import it in the Functions tab.'
            : 'This file holds a sub flow: import it in the Subs tab.'
      }
      extraFields={
        canMakeGlobal && (
          <Toggle
            label="Global"
            description="Available to every bot of the account."
            isChecked={isGlobal}
            onChange={setIsGlobal}
          />
        )
      }
      summary={(fn) => (
        <>
          <dt>Type</dt>
          <dd>{FUNCTION_TYPE_CATALOGUE[fn.type].label}</dd>
          <dt>Inputs</dt>
          <dd>{fn.inputs.length > 0 ? fn.inputs.map((i) => i.name).join(', ') : 'None'}</dd>
          <dt>Outputs</dt>
          <dd>{fn.outputs.length > 0 ? fn.outputs.map((o) => o.variableName).join(', ') : 'None'}</dd>
          {fn.credentialsLeftOut && (
            <>
              <dt>Credentials</dt>
              <dd>{M.credentialsLeftOut}</dd>
            </>
          )}
        </>
      )}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
