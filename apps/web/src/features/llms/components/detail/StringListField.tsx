import { Button, PlusIcon, TextField, TrashIcon } from '../../../../ui';

/** A list of texts, one input each; blank entries are dropped when saved (spec 04 section 5). */
export function StringListField({
  label,
  entryLabel,
  values,
  onChange,
  placeholder,
}: {
  label: string;
  entryLabel: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
}) {
  return (
    <fieldset className="llm-list-field">
      <legend className="field__label">{label}</legend>
      {values.map((value, index) => (
        // The position is the entry's identity while it is edited.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div className="llm-list-field__row" key={index}>
          <TextField
            label={`${entryLabel} ${index + 1}`}
            className="llm-list-field__input"
            value={value}
            placeholder={placeholder}
            onChange={(event) => onChange(values.map((v, i) => (i === index ? event.target.value : v)))}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${entryLabel.toLowerCase()} ${index + 1}`}
            icon={<TrashIcon />}
            onClick={() => onChange(values.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <div>
        <Button variant="secondary" size="sm" icon={<PlusIcon />} onClick={() => onChange([...values, ''])}>
          Add {entryLabel.toLowerCase()}
        </Button>
      </div>
    </fieldset>
  );
}
