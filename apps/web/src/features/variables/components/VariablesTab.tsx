import { VARIABLE_MESSAGES as M } from '@parley/contracts';
import { Banner, EmptyState, Spinner } from '../../../ui';
import { useBotDialog } from '../../bot-content';
import type { BotTabProps } from '../../bots';
import { useVariablesAndObjects } from '../hooks/use-variables';
import { variablePermissions } from '../variable-permissions';
import { ObjectsSection } from './ObjectsSection';
import { VariablesSection } from './VariablesSection';
import './variables.css';

/**
 * The Variables tab: the Variables and Objects page of spec 02 section 2.5. Without
 * ManageVariablesAndObjects it is read-only (spec 02 section 6). The overlay pseudo-tab
 * create-object/{name} opens the Edit Object modal of a new object; create-object alone, the
 * Objects section's Add with the focus on its name.
 */
export function VariablesTab(props: BotTabProps) {
  const { bot, permissions, element } = props;
  const modal = useBotDialog(props);
  const query = useVariablesAndObjects(bot.botName);
  const rights = variablePermissions(permissions);

  if (query.isPending) return <Spinner label="Loading variables and objects" />;
  if (query.isError) return <EmptyState title="The variables and objects could not be loaded" />;

  return (
    <div className="variables-page">
      {!rights.canManage && <Banner tone="info">{M.readOnly}</Banner>}
      <VariablesSection botName={bot.botName} data={query.data} rights={rights} />
      <ObjectsSection
        botName={bot.botName}
        data={query.data}
        rights={rights}
        adding={modal.dialog === 'create' ? { name: element } : undefined}
        onAdd={(name) => modal.open('create', name)}
        onAddClosed={() => modal.close()}
      />
    </div>
  );
}
