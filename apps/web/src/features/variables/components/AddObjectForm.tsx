import type { VariablesAndObjects } from '@parley/contracts';
import { type FormEvent, useState } from 'react';
import { Button, PlusIcon, TextField } from '../../../ui';
import { newNameProblem } from '../page-names';

interface AddObjectFormProps {
  data: VariablesAndObjects;
  onAdd: (name: string) => void;
  /** The create-object route is open: the name field takes the focus, with the route's name if any. */
  routeName?: string;
  isFocused?: boolean;
}

/** Name and Add of the objects section: a free name opens the Edit Object modal to give it properties. */
export function AddObjectForm({ data, onAdd, routeName, isFocused = false }: AddObjectFormProps) {
  const [name, setName] = useState(routeName ?? '');
  // A name from the route that cannot be added shows why at once.
  const [error, setError] = useState(() =>
    routeName === undefined ? undefined : newNameProblem(data, routeName),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newNameProblem(data, name);
    setError(problem);
    if (problem) return;
    onAdd(name.trim());
    setName('');
  };

  return (
    <form className="variables-add" onSubmit={submit} noValidate aria-label="Add an object">
      <TextField
        label="Name"
        value={name}
        error={error}
        maxLength={200}
        autoComplete="off"
        autoFocus={isFocused}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" icon={<PlusIcon />} className="variables-add__button">
        Add
      </Button>
    </form>
  );
}
