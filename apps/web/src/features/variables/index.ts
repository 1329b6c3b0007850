/** What other features use of variables: they import it from here, never from its files. */
import { lazy } from 'react';

// The tab's panel is its own chunk, loaded when the tab opens.
export const VariablesTab = lazy(async () => ({
  default: (await import('./components/VariablesTab')).VariablesTab,
}));

export { fetchVariablesAndObjects } from './api/variables-api';
export { variablesKey } from './hooks/variable-query-keys';
export { variablePermissions } from './variable-permissions';
