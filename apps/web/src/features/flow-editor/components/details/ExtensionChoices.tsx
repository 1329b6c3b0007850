import { ATTACHMENT_EXTENSIONS } from '@parley/flows/blocks';
import { Checkbox } from '../../../../ui';

interface ExtensionChoicesProps {
  label: string;
  value: unknown;
  onChange: (extensions: string[]) => void;
  isDisabled: boolean;
}

/**
 * The file types a Receive Attachment block accepts (spec 03 section 3.2: field-possible-extensions,
 * all allowed types by default). One stays chosen: the runtime reads none as any.
 */
export function ExtensionChoices({ label, value, onChange, isDisabled }: ExtensionChoicesProps) {
  const stored = Array.isArray(value) ? value.map((entry) => String(entry).toLowerCase()) : [];
  const chosen = stored.length > 0 ? stored : ATTACHMENT_EXTENSIONS;
  const toggle = (extension: string, isOn: boolean) =>
    onChange(ATTACHMENT_EXTENSIONS.filter((entry) => (entry === extension ? isOn : chosen.includes(entry))));
  return (
    <fieldset className="flow-details__group flow-details__extensions">
      <legend>{label}</legend>
      {ATTACHMENT_EXTENSIONS.map((extension) => {
        const isChosen = chosen.includes(extension);
        return (
          <Checkbox
            key={extension}
            label={`.${extension}`}
            checked={isChosen}
            disabled={isDisabled || (isChosen && chosen.length === 1)}
            onChange={(event) => toggle(extension, event.target.checked)}
          />
        );
      })}
    </fieldset>
  );
}
