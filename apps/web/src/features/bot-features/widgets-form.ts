import {
  CUSTOM_WIDGETS_MAX,
  type CustomWidget,
  isCompleteWidget,
  FEATURES_MESSAGES as M,
  WIDGET_FORMULA_MAX_LENGTH,
  WIDGET_TEXT_MAX_LENGTH,
} from '@parley/contracts';
import type { FormProblems } from './gdpr-form';

/** The Custom Widgets sub-tab as edited: the widgets, and the new-widget row. */
export interface WidgetsDraft {
  widgets: CustomWidget[];
  newText: string;
  newFormula: string;
}

export const widgetsDraftOf = (widgets: readonly CustomWidget[]): WidgetsDraft => ({
  widgets: widgets.map((w) => ({ ...w })),
  newText: '',
  newFormula: '',
});

/** Spec 04 section 5: the new-widget input adds only if both are non-blank (and room is left). */
export const canAddWidget = (draft: WidgetsDraft) =>
  isCompleteWidget({ text: draft.newText, formula: draft.newFormula }) &&
  draft.widgets.length < CUSTOM_WIDGETS_MAX;

export function withNewWidget(draft: WidgetsDraft): WidgetsDraft {
  if (!canAddWidget(draft)) return draft;
  return {
    widgets: [...draft.widgets, { text: draft.newText.trim(), formula: draft.newFormula.trim() }],
    newText: '',
    newFormula: '',
  };
}

export const withoutWidget = (draft: WidgetsDraft, index: number): WidgetsDraft => ({
  ...draft,
  widgets: draft.widgets.filter((_, i) => i !== index),
});

export const withWidgetChanged = (
  draft: WidgetsDraft,
  index: number,
  change: Partial<CustomWidget>,
): WidgetsDraft => ({
  ...draft,
  widgets: draft.widgets.map((w, i) => (i === index ? { ...w, ...change } : w)),
});

/** Per widget: 'Cannot save widgets with empty data' for a blanked one, or a length problem. */
export function widgetsProblems(draft: WidgetsDraft): FormProblems {
  const problems: FormProblems = {};
  draft.widgets.forEach((widget, index) => {
    if (!isCompleteWidget(widget)) problems[`customWidget.${index}`] = M.emptyWidgets;
    else if (widget.text.trim().length > WIDGET_TEXT_MAX_LENGTH)
      problems[`customWidget.${index}.text`] = M.widgetTextTooLong;
    else if (widget.formula.trim().length > WIDGET_FORMULA_MAX_LENGTH)
      problems[`customWidget.${index}.formula`] = M.widgetFormulaTooLong;
  });
  return problems;
}

/** What POST /dashboard receives: the widgets, trimmed. */
export const widgetsBodyOf = (draft: WidgetsDraft): CustomWidget[] =>
  draft.widgets.map((w) => ({ text: w.text.trim(), formula: w.formula.trim() }));
