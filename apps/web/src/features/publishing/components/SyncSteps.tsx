import { SYNC_STEP_LABELS, type SyncStep, type SyncStepStatus } from '@parley/contracts';
import { CheckIcon, ErrorIcon, Spinner, WarningIcon } from '../../../ui';

const STATUS_TEXT: Record<SyncStepStatus, string> = {
  InProgress: 'In progress',
  Succeeded: 'Succeeded',
  Failed: 'Failed',
  Warning: 'Warning',
};

function StatusMark({ status }: { status: SyncStepStatus }) {
  if (status === 'InProgress') return <Spinner size="sm" />;
  if (status === 'Succeeded') return <CheckIcon className="sync-step__mark sync-step__mark--ok" />;
  if (status === 'Warning') return <WarningIcon className="sync-step__mark sync-step__mark--warning" />;
  return <ErrorIcon className="sync-step__mark sync-step__mark--failed" />;
}

/** The steps of one provider's sync with their statuses and messages (spec 02 section 4). */
export function SyncSteps({ steps }: { steps: readonly SyncStep[] }) {
  if (steps.length === 0) return <p className="publishing__muted">Starting...</p>;
  return (
    <ol className="row-list">
      {steps.map((step) => (
        <li key={step.name} className={`sync-step sync-step--${step.status.toLowerCase()}`}>
          <StatusMark status={step.status} />
          <span className="sync-step__name">{SYNC_STEP_LABELS[step.name]}</span>
          <span className="sync-step__status">{STATUS_TEXT[step.status]}</span>
          {step.message && <span className="sync-step__message">{step.message}</span>}
        </li>
      ))}
    </ol>
  );
}
