import { VARIABLE_MESSAGES as M } from '@parley/contracts';
import { popup, Toggle } from '../../../ui';
import { runIfPermitted } from '../../bots';
import type { VariablePermissions } from '../variable-permissions';

interface GlobalControlProps {
  name: string;
  isGlobal: boolean;
  rights: VariablePermissions;
  /** Makes the variable or object global (asked only after the confirmation). */
  onMakeGlobal: () => Promise<void>;
}

/**
 * A Global badge once global; before that the Global toggle for those who may change the row
 * (spec 02 sections 2.5 and 4: offered only when not global, and not shown as reversible).
 */
export function GlobalControl({ name, isGlobal, rights, onMakeGlobal }: GlobalControlProps) {
  if (isGlobal) return <span className="variables-badge">{M.global}</span>;
  if (!rights.canManage) return null;
  const ask = async () => {
    const isConfirmed = await popup.confirm({
      title: M.makeGlobalTitle(name),
      text: M.makeGlobalText,
      actionText: 'Make global',
    });
    if (isConfirmed) await onMakeGlobal();
  };
  return (
    <Toggle
      className="variables-global-toggle"
      label={M.global}
      isChecked={false}
      onChange={() => runIfPermitted(rights.canMakeGlobal, () => void ask())}
    />
  );
}
