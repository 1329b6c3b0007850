import type { EntityFilter, EntityType, EntityView } from '@parley/contracts';
import type { ListItem } from '../../bot-content';

const TAGS: Record<EntityType, string> = {
  closedlists: 'List',
  entities: 'Simple',
  regexentities: 'Regex',
  prebuilts: 'Prebuilt',
  customprebuiltentities: 'Prebuilt',
};

/** The sidebar entries for a kind filter (All, Custom, Prebuilt) and a name filter. */
export function entityListItems(
  entities: readonly EntityView[],
  kind: EntityFilter,
  filter: string,
): ListItem[] {
  const wanted = filter.trim().toLowerCase();
  return entities
    .filter((e) => kind === 'All' || (kind === 'Prebuilt') === e.isPrebuilt)
    .filter((e) => e.name.toLowerCase().includes(wanted))
    .map((e) => ({ name: e.name, tag: TAGS[e.type] }));
}
