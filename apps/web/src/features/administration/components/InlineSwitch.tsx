/**
 * A compact on/off switch without a visible label, for grids and table cells where the row
 * and column say what it is; `label` names it for screen readers.
 */
export function InlineSwitch({
  label,
  isChecked,
  onChange,
  isDisabled = false,
}: {
  label: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  isDisabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isChecked}
      aria-label={label}
      className="inline-switch"
      disabled={isDisabled}
      onClick={() => onChange(!isChecked)}
    >
      <span className="inline-switch__thumb" />
    </button>
  );
}
