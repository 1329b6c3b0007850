import { CUSTOM_WIDGETS_MAX, FEATURES_MESSAGES as M } from '@parley/contracts';
import { describe, expect, test } from 'vitest';
import {
  canAddWidget,
  widgetsBodyOf,
  widgetsDraftOf,
  widgetsProblems,
  withNewWidget,
  withoutWidget,
  withWidgetChanged,
} from './widgets-form';

describe('the Custom Widgets sub-tab', () => {
  test.each([
    ['', ''],
    ['Rate', ' '],
    [' ', 'a / b'],
  ])('the new-widget input %j / %j does not add (spec 04 section 5)', (newText, newFormula) => {
    const draft = { ...widgetsDraftOf([]), newText, newFormula };
    expect(canAddWidget(draft)).toBe(false);
    expect(withNewWidget(draft)).toBe(draft);
  });

  test('with both written it adds the widget trimmed and clears the input', () => {
    const added = withNewWidget({ ...widgetsDraftOf([]), newText: ' Rate ', newFormula: ' a / b ' });
    expect(added).toEqual({ widgets: [{ text: 'Rate', formula: 'a / b' }], newText: '', newFormula: '' });
    expect(withoutWidget(added, 0).widgets).toEqual([]);
  });

  test(`no more than ${CUSTOM_WIDGETS_MAX} widgets are added`, () => {
    const full = widgetsDraftOf(
      Array.from({ length: CUSTOM_WIDGETS_MAX }, (_, i) => ({ text: `w${i}`, formula: 'x' })),
    );
    expect(canAddWidget({ ...full, newText: 'one more', newFormula: 'x' })).toBe(false);
  });

  test('a widget blanked in its row cannot be saved: "Cannot save widgets with empty data"', () => {
    const draft = widgetsDraftOf([
      { text: 'A', formula: 'a' },
      { text: 'B', formula: 'b' },
    ]);
    expect(widgetsProblems(draft)).toEqual({});
    const blanked = withWidgetChanged(draft, 1, { formula: '  ' });
    expect(widgetsProblems(blanked)).toEqual({ 'customWidget.1': M.emptyWidgets });
    expect(widgetsBodyOf(withWidgetChanged(draft, 0, { text: ' A2 ' }))).toEqual([
      { text: 'A2', formula: 'a' },
      { text: 'B', formula: 'b' },
    ]);
  });
});
