import {
  CUSTOM_WIDGETS_MAX,
  type Dashboard,
  FEATURES_PERMISSIONS,
  WIDGET_FORMULA_MAX_LENGTH,
  WIDGET_TEXT_MAX_LENGTH,
} from '@parley/contracts';
import { Button, Card, PlusIcon, TextField, TrashIcon } from '../../../ui';
import type { SettingsTabProps } from '../../bot-settings';
import { fetchDashboard, saveCustomWidgets } from '../api/bot-features-api';
import { FEATURE_KEYS } from '../hooks/feature-keys';
import { useFeatureDraft } from '../hooks/use-feature-draft';
import {
  canAddWidget,
  type WidgetsDraft,
  widgetsBodyOf,
  widgetsDraftOf,
  widgetsProblems,
  withNewWidget,
  withoutWidget,
  withWidgetChanged,
} from '../widgets-form';
import { FeatureState } from './FeatureState';

const PERMISSION = FEATURES_PERMISSIONS.customWidgets;

/**
 * The Custom Widgets sub-tab (spec 04 sections 3.9, 5): the dashboard's own widgets, each a text
 * and a formula over the statistics variables. A new widget is added only when both are
 * written; a blanked one cannot be saved ('Cannot save widgets with empty data'). Saved with
 * Manage dashboard widgets (18); the dashboard that shows them comes with analytics.
 */
export function CustomWidgetsPanel({ bot, permissions, registerSaveAction }: SettingsTabProps) {
  const canEdit = permissions.includes(PERMISSION);
  const { botName } = bot;
  const { value, problems, change, isLoading, error } = useFeatureDraft<Dashboard, WidgetsDraft>({
    queryKey: FEATURE_KEYS.dashboard(botName),
    load: (signal) => fetchDashboard(botName, signal),
    draftOf: (dashboard) => widgetsDraftOf(dashboard.customWidget),
    problemsOf: widgetsProblems,
    save: (draft) => saveCustomWidgets(botName, widgetsBodyOf(draft)),
    permission: PERMISSION,
    registerSaveAction,
  });
  const readOnly = !canEdit;

  return (
    <FeatureState isLoading={isLoading} error={error} canEdit={canEdit} permission={PERMISSION}>
      {value && (
        <Card
          title="Custom widgets"
          description="Figures of your own for the bot's dashboard: a title and a formula over the statistics variables."
        >
          <div className="features__list">
            {value.widgets.length === 0 && <p className="field__hint">No custom widgets yet.</p>}
            <ul>
              {value.widgets.map((widget, index) => {
                const rowError = problems[`customWidget.${index}`];
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own while edited
                  <li key={index} className="features__row">
                    <TextField
                      label="Text"
                      value={widget.text}
                      error={rowError ?? problems[`customWidget.${index}.text`]}
                      disabled={readOnly}
                      maxLength={WIDGET_TEXT_MAX_LENGTH + 10}
                      onChange={(e) => change(withWidgetChanged(value, index, { text: e.target.value }))}
                    />
                    <TextField
                      label="Formula"
                      className="features__pattern"
                      value={widget.formula}
                      error={problems[`customWidget.${index}.formula`]}
                      disabled={readOnly}
                      maxLength={WIDGET_FORMULA_MAX_LENGTH + 10}
                      spellCheck={false}
                      onChange={(e) => change(withWidgetChanged(value, index, { formula: e.target.value }))}
                    />
                    {!readOnly && (
                      <Button
                        variant="ghost"
                        size="sm"
                        icon={<TrashIcon />}
                        aria-label={`Remove the widget ${widget.text}`}
                        onClick={() => change(withoutWidget(value, index))}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
            {!readOnly && value.widgets.length < CUSTOM_WIDGETS_MAX && (
              <div className="features__row features__row--new">
                <TextField
                  label="New widget text"
                  placeholder="Handled without people"
                  value={value.newText}
                  maxLength={WIDGET_TEXT_MAX_LENGTH + 10}
                  onChange={(e) => change({ ...value, newText: e.target.value })}
                />
                <TextField
                  label="New widget formula"
                  className="features__pattern"
                  placeholder="touchless / interactions"
                  value={value.newFormula}
                  spellCheck={false}
                  maxLength={WIDGET_FORMULA_MAX_LENGTH + 10}
                  onChange={(e) => change({ ...value, newFormula: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') change(withNewWidget(value));
                  }}
                />
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<PlusIcon />}
                  disabled={!canAddWidget(value)}
                  onClick={() => change(withNewWidget(value))}
                >
                  Add widget
                </Button>
              </div>
            )}
          </div>
        </Card>
      )}
    </FeatureState>
  );
}
