import { VARIABLE_MESSAGES as M, type VariablesAndObjects, variableValueProblem } from '@parley/contracts';
import { type FormEvent, useState } from 'react';
import { fieldErrorOf } from '../../../api/server-error';
import { Button, PlusIcon, TextField } from '../../../ui';
import { saveVariables } from '../api/variables-api';
import { useVariablesCache } from '../hooks/use-variables';
import { newNameProblem } from '../page-names';
import { reportFailure } from '../report-failure';

/** Name, value and Add of the variables section; the page's own checks run before the server's. */
export function AddVariableForm({ botName, data }: { botName: string; data: VariablesAndObjects }) {
  const cache = useVariablesCache(botName);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<{ name?: string; value?: string }>({});
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { name: newNameProblem(data, name), value: variableValueProblem(value) };
    setErrors(found);
    if (found.name || found.value) return;
    setIsSaving(true);
    try {
      cache.store(await saveVariables(botName, [{ key: name.trim(), value }]));
      setName('');
      setValue('');
    } catch (error) {
      const refusal = fieldErrorOf(error);
      if (refusal?.field.endsWith('.key')) setErrors({ name: refusal.message });
      else if (refusal?.field.endsWith('.value')) setErrors({ value: refusal.message });
      else reportFailure(M.variablesFailed, error);
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form
      className="variables-add"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Add a variable"
    >
      <TextField
        label="Name"
        value={name}
        error={errors.name}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label="Value"
        value={value}
        error={errors.value}
        autoComplete="off"
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" icon={<PlusIcon />} isLoading={isSaving} className="variables-add__button">
        Add
      </Button>
    </form>
  );
}
