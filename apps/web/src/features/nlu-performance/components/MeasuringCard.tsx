import type { NluMeasuringBody, NluMeasuringView } from '@parley/contracts';
import { Card, Toggle } from '../../../ui';

interface MeasuringCardProps {
  view: NluMeasuringView;
  value: NluMeasuringBody;
  canEdit: boolean;
  onMeasuring: (isOn: boolean) => void;
  onProvider: (id: string, isOn: boolean) => void;
}

/**
 * Spec 04 section 4 'Measuring': the provider toggles show only while measuring is on; the
 * primary NLU is always on and locked; an unconfigured provider is forced off. Saved by the
 * frame's 'Save settings'.
 */
export function MeasuringCard({ view, value, canEdit, onMeasuring, onProvider }: MeasuringCardProps) {
  return (
    <Card title="Measuring" description="Which recognizers an NLU test measures besides the primary NLU.">
      <Toggle
        label="Intent detection measuring"
        isChecked={value.intentDetectionMeasuring}
        isDisabled={!canEdit}
        onChange={onMeasuring}
      />
      {value.intentDetectionMeasuring && (
        <ul className="nlu-performance__providers" aria-label="Measured recognizers">
          {view.providers.map((p) => (
            <li key={p.id}>
              <Toggle
                label={p.label}
                description={
                  p.isPrimary ? 'Primary NLU: always measured' : p.isConfigured ? undefined : 'Not configured'
                }
                isChecked={p.isPrimary || (p.isConfigured && value.measuringRecognizers.includes(p.id))}
                isDisabled={!canEdit || p.isLocked}
                onChange={(isOn) => onProvider(p.id, isOn)}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
