/** What other features use of functions: they import it from here, never from its files. */
import { lazy } from 'react';

// The tabs' panel is its own chunk, loaded when a tab opens.
export const FunctionsTab = lazy(async () => ({
  default: (await import('./components/FunctionsTab')).FunctionsTab,
}));
export const SubsTab = lazy(async () => ({ default: (await import('./components/FunctionsTab')).SubsTab }));

export { functionRights } from './function-rights';
export { useFunctions } from './hooks/use-functions';
