import type { BotTabProps } from '../../bots';
import { FunctionWorkspace } from './FunctionWorkspace';

/** The Functions tab (spec 02 section 2.4). */
export const FunctionsTab = (props: BotTabProps) => <FunctionWorkspace {...props} mode="functions" />;

/** The Subs tab: sub flows (functions of type flow). */
export const SubsTab = (props: BotTabProps) => <FunctionWorkspace {...props} mode="subs" />;
