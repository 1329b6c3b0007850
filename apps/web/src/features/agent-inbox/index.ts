export { AgentInboxPage } from './components/AgentInboxPage';
