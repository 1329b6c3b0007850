import type { PlaceholderEntity } from '@parley/contracts';
import { Button, Checkbox, cx } from '../../../ui';
import { ExampleInput } from '../../bot-content';
import type { UtteranceProposal } from '../hooks/use-utterance-proposals';

interface UtteranceProposalsProps {
  proposals: readonly UtteranceProposal[];
  entities: readonly PlaceholderEntity[];
  onChange: (id: number, patch: Partial<Omit<UtteranceProposal, 'id'>>) => void;
  /** Adds the checked proposals, as edited. */
  onAdd: () => void;
  onDiscard: () => void;
  isAdding?: boolean;
}

/** Auto generate's proposals under review: check, edit, then add the checked ones or discard them all. */
export function UtteranceProposals({
  proposals,
  entities,
  onChange,
  onAdd,
  onDiscard,
  isAdding = false,
}: UtteranceProposalsProps) {
  if (proposals.length === 0) return null;
  const checked = proposals.filter((p) => p.isChecked).length;
  return (
    <section className="utterance-proposals" aria-label="Proposed utterances">
      <p className="content-muted">Proposed utterances: the checked ones are added, as you edit them.</p>
      <ul className="utterance-proposals__items">
        {proposals.map((proposal, index) => (
          <li
            key={proposal.id}
            className={cx('example-row', !proposal.isChecked && 'utterance-proposals__item--unchecked')}
          >
            <Checkbox
              label={<span className="visually-hidden">Select proposal {index + 1}</span>}
              checked={proposal.isChecked}
              disabled={isAdding}
              onChange={(event) => onChange(proposal.id, { isChecked: event.target.checked })}
            />
            <span className="example-row__text">
              <ExampleInput
                label={`Proposal ${index + 1}`}
                value={proposal.text}
                onChange={(text) => onChange(proposal.id, { text })}
                // Enter in a proposal adds nothing by itself: the designer adds them together.
                onSubmit={() => undefined}
                entities={entities}
                isDisabled={isAdding}
              />
            </span>
          </li>
        ))}
      </ul>
      <div className="utterance-proposals__actions">
        <Button size="sm" onClick={onAdd} isLoading={isAdding} disabled={checked === 0}>
          Add selected
        </Button>
        <Button size="sm" variant="ghost" onClick={onDiscard} disabled={isAdding}>
          Discard
        </Button>
      </div>
    </section>
  );
}
