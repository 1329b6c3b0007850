import { type CustomEntityType, ENTITY_MESSAGES as M, SIMPLE_ENTITY_MAX_EXAMPLES } from '@parley/contracts';
import { Toggle } from '../../../ui';
import { exampleMatchProblem } from '../regex-examples';
import { ClosedListRows } from './ClosedListRows';
import type { EntityDraft } from './entity-draft';
import { ValueListEditor } from './ValueListEditor';

interface EntityContentFieldsProps {
  type: CustomEntityType;
  draft: EntityDraft;
  onChange: (draft: EntityDraft) => void;
  canEdit: boolean;
  isExpert: boolean;
}

/** The editors of one entity type, and in Expert Mode its roles (spec 02 section 2.3). */
export function EntityContentFields({ type, draft, onChange, canEdit, isExpert }: EntityContentFieldsProps) {
  return (
    <div className="entity-fields">
      {type === 'closedlists' && (
        <section aria-label="Closed list">
          <h3 className="content-section-title">Values</h3>
          <ClosedListRows
            sublists={draft.sublists}
            canEdit={canEdit}
            onChange={(sublists) => onChange({ ...draft, sublists })}
          />
          {isExpert && (
            <Toggle
              label={M.resolveWithCanonical}
              description="Return the canonical form instead of the words the user typed."
              isChecked={draft.resolveWithCanonical}
              isDisabled={!canEdit}
              onChange={(resolveWithCanonical) => onChange({ ...draft, resolveWithCanonical })}
              className="entity-fields__toggle"
            />
          )}
        </section>
      )}
      {type === 'entities' && (
        <section aria-label="Simple entity examples">
          <h3 className="content-section-title">
            Examples{' '}
            <span className="content-count">{`${draft.examples.length} / ${SIMPLE_ENTITY_MAX_EXAMPLES}`}</span>
          </h3>
          <ValueListEditor
            label="Examples"
            itemLabel="example"
            values={draft.examples}
            canEdit={canEdit}
            max={SIMPLE_ENTITY_MAX_EXAMPLES}
            fullMessage={M.simpleExamplesLimit}
            placeholder="An example value"
            onChange={(examples) => onChange({ ...draft, examples })}
          />
        </section>
      )}
      {type === 'regexentities' && (
        <>
          <section aria-label="Regexes">
            <h3 className="content-section-title">Regexes</h3>
            <ValueListEditor
              label="Regexes"
              itemLabel="regex"
              values={draft.regexes}
              canEdit={canEdit}
              isCode
              placeholder="For example \d{5}"
              onChange={(regexes) => onChange({ ...draft, regexes })}
            />
          </section>
          <section aria-label="Regex examples">
            <h3 className="content-section-title">Examples</h3>
            <p className="content-muted">
              Some integrations need examples; each must match one of the regexes.
            </p>
            <ValueListEditor
              label="Examples"
              itemLabel="example"
              values={draft.examples}
              canEdit={canEdit}
              placeholder="A value the regexes match"
              check={(example) => exampleMatchProblem(draft.regexes, example)}
              onChange={(examples) => onChange({ ...draft, examples })}
            />
          </section>
        </>
      )}
      {isExpert && (
        <section aria-label="Roles">
          <h3 className="content-section-title">Roles</h3>
          <ValueListEditor
            label="Roles"
            itemLabel="role"
            values={draft.roles}
            canEdit={canEdit}
            placeholder="A role, for example origin"
            onChange={(roles) => onChange({ ...draft, roles })}
          />
        </section>
      )}
    </div>
  );
}
