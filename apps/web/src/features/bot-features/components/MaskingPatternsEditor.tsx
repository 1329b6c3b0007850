import {
  MASKING_PATTERN_MAX_LENGTH,
  MASKING_PATTERN_NAME_MAX_LENGTH,
  MASKING_PATTERNS_MAX,
  type MaskingPattern,
} from '@parley/contracts';
import { useState } from 'react';
import { Button, PlusIcon, TextField, TrashIcon } from '../../../ui';
import type { FormProblems } from '../gdpr-form';
import { canAddMaskingPattern } from '../gdpr-form';

/**
 * The masking patterns: each a name and a regex (RE2 syntax), removable; a new one is added
 * from the last row once both are written. A regex RE2 refuses shows 'Invalid regex:' with it.
 */
export function MaskingPatternsEditor({
  patterns,
  problems,
  readOnly,
  onChange,
}: {
  patterns: MaskingPattern[];
  problems: FormProblems;
  readOnly: boolean;
  onChange: (patterns: MaskingPattern[]) => void;
}) {
  const [name, setName] = useState('');
  const [pattern, setPattern] = useState('');
  const isFull = patterns.length >= MASKING_PATTERNS_MAX;

  const edit = (index: number, change: Partial<MaskingPattern>) =>
    onChange(patterns.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const add = () => {
    if (!canAddMaskingPattern(name, pattern) || isFull) return;
    onChange([...patterns, { name: name.trim(), pattern }]);
    setName('');
    setPattern('');
  };

  return (
    <fieldset className="features__list" aria-label="Masking patterns">
      <legend className="field__label">Masking patterns</legend>
      {problems.maskingPatterns && <p className="field__error">{problems.maskingPatterns}</p>}
      {patterns.length === 0 && <p className="field__hint">No patterns: nothing is masked.</p>}
      <ul>
        {patterns.map((p, index) => (
          // Rows have no id of their own; the index is their identity while the list is edited.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="features__row">
            <TextField
              label="Name"
              value={p.name}
              error={problems[`maskingPatterns.${index}.name`]}
              disabled={readOnly}
              maxLength={MASKING_PATTERN_NAME_MAX_LENGTH + 10}
              onChange={(e) => edit(index, { name: e.target.value })}
            />
            <TextField
              label="Pattern"
              className="features__pattern"
              value={p.pattern}
              error={problems[`maskingPatterns.${index}.pattern`]}
              disabled={readOnly}
              maxLength={MASKING_PATTERN_MAX_LENGTH + 10}
              spellCheck={false}
              onChange={(e) => edit(index, { pattern: e.target.value })}
            />
            {!readOnly && (
              <Button
                variant="ghost"
                size="sm"
                icon={<TrashIcon />}
                aria-label={`Remove the pattern ${p.name}`}
                onClick={() => onChange(patterns.filter((_, i) => i !== index))}
              />
            )}
          </li>
        ))}
      </ul>
      {!readOnly && !isFull && (
        <div className="features__row features__row--new">
          <TextField
            label="New pattern name"
            placeholder="Customer number"
            value={name}
            maxLength={MASKING_PATTERN_NAME_MAX_LENGTH + 10}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="New pattern"
            className="features__pattern"
            placeholder="C-\d{6}"
            value={pattern}
            spellCheck={false}
            maxLength={MASKING_PATTERN_MAX_LENGTH + 10}
            onChange={(e) => setPattern(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') add();
            }}
          />
          <Button
            variant="secondary"
            size="sm"
            icon={<PlusIcon />}
            disabled={!canAddMaskingPattern(name, pattern)}
            onClick={add}
          >
            Add pattern
          </Button>
        </div>
      )}
    </fieldset>
  );
}
