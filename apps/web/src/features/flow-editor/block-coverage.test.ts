import { kindsOfCategory, paletteItems } from '@parley/editor/palette';
import { ALL_BLOCK_KINDS } from '@parley/flows/blocks';
import { describe, expect, it } from 'vitest';
import { FIELD_INPUTS } from './components/details/FieldInput';

/** Issue 11: adding a block kind is one declaration; the palette and the details panel follow. */
describe('every declared block kind', () => {
  const allCategories = ['system', 'foodl'];

  it.each(ALL_BLOCK_KINDS.map((kind) => [kind.fc, kind] as const))(
    '%s is offered by the palette',
    (_fc, kind) => {
      const groups = paletteItems(allCategories).map((item) => item.group);
      const group = groups.find((candidate) => candidate.category === kind.category);
      expect(group, `a palette group for ${kind.category}`).toBeDefined();
      // Dialog, Action, SCSM and Foodl blocks are picked in the details panel's Block list.
      if (kind.category !== 'llm') expect(kindsOfCategory(kind.category, false)).toContain(kind);
    },
  );

  it.each(ALL_BLOCK_KINDS.map((kind) => [kind.fc, kind] as const))(
    '%s has an input for each of its fields',
    (_fc, kind) => {
      for (const field of kind.fields) expect(FIELD_INPUTS[field.kind], field.key).toBeTypeOf('function');
    },
  );

  it('SCSM and Foodl groups show only for bots whose settings list them', () => {
    const ids = (categories: string[]) => paletteItems(categories).map((item) => item.group.id);
    expect(ids([])).toEqual(['dialog', 'action', 'condition', 'function', 'llm', 'subs', 'start', 'end']);
    expect(ids(['system', 'foodl'])).toEqual([...ids([]), 'system', 'foodl']);
  });

  it('kinds hidden in the welcome intent leave its Block list', () => {
    const dialog = kindsOfCategory('dialog', true).map((kind) => kind.fc);
    expect(dialog).not.toContain('unexpectedAnswer');
    expect(dialog).not.toContain('multipleEntityCheck');
    expect(kindsOfCategory('dialog', false).map((kind) => kind.fc)).toContain('unexpectedAnswer');
  });
});
