import { END_BLOCK_DEFAULTS, END_OUTCOMES } from '@parley/flows/blocks';
import { Checkbox, TextField } from '../../../../ui';
import { type DetailsContext, dataOf, patchAll } from './details-context';

type Outcome = keyof typeof END_OUTCOMES;
const OUTCOME_LABELS: Record<Outcome, string> = {
  redirectToOtherIntent: 'Redirect to another intent',
  restartIntent: 'Restart the flow',
  endFlow: 'End the flow',
  redirectToBot: 'Redirect to another bot',
};
const isOn = (value: unknown) => value === true || value === 'true';

/** The end event (spec 03 section 3.4): exactly one outcome, and its options. */
export function EndEventDetails({ context }: { context: DetailsContext }) {
  const data = Object.values(dataOf(context))[0] ?? {};
  const isDisabled = !context.rights.canEditTexts;
  const chosen = (Object.keys(END_OUTCOMES) as Outcome[]).find((flag) => isOn(data[flag]));
  const choose = (outcome: Outcome) =>
    patchAll(
      context,
      Object.fromEntries((Object.keys(END_OUTCOMES) as Outcome[]).map((f) => [f, f === outcome])),
    );
  return (
    <>
      <fieldset className="flow-details__group">
        <legend>When the flow gets here</legend>
        {(Object.keys(END_OUTCOMES) as Outcome[]).map((outcome) => (
          <label key={outcome} className="flow-details__radio">
            <input
              type="radio"
              name="end-outcome"
              checked={chosen === outcome}
              disabled={isDisabled}
              onChange={() => choose(outcome)}
            />
            {OUTCOME_LABELS[outcome]}
          </label>
        ))}
      </fieldset>
      {chosen === 'redirectToOtherIntent' && (
        <TextField
          label="Intent (a name or a [variable])"
          value={String(data.intentTo ?? END_BLOCK_DEFAULTS.intentTo)}
          disabled={isDisabled}
          onChange={(event) => patchAll(context, { intentTo: event.target.value })}
        />
      )}
      {chosen === 'redirectToBot' && (
        <TextField
          label="Bot id"
          value={String(data.redirectBotId ?? '')}
          disabled={isDisabled}
          onChange={(event) => patchAll(context, { redirectBotId: event.target.value })}
        />
      )}
      <Checkbox
        label="Clear entities"
        checked={isOn(data.clearEntities)}
        disabled={isDisabled}
        onChange={(event) => patchAll(context, { clearEntities: event.target.checked })}
      />
      <Checkbox
        label="Count as touchless"
        checked={isOn(data.countTouchless)}
        disabled={isDisabled}
        onChange={(event) => patchAll(context, { countTouchless: event.target.checked })}
      />
      <Checkbox
        label="End the call (voice)"
        checked={isOn(data.endCall)}
        disabled={isDisabled}
        onChange={(event) => patchAll(context, { endCall: event.target.checked })}
      />
    </>
  );
}
