/** What other features use of entities: they import it from here, never from its files. */
import { lazy } from 'react';

// The tab's panel is its own chunk, loaded when the tab opens.
export const EntitiesTab = lazy(async () => ({
  default: (await import('./components/EntitiesTab')).EntitiesTab,
}));

export { fetchEntities } from './api/entities-api';
