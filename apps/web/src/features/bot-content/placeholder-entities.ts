import type { EntityView, PlaceholderEntity } from '@parley/contracts';

/** The entities an example may name, as the suggestions and the pattern rule want them. */
export const placeholderEntitiesOf = (entities: readonly EntityView[] | undefined): PlaceholderEntity[] =>
  (entities ?? []).map((e) => ({ name: e.name, roles: e.roles }));
