/** What other features use of tenants: they import it from here, never from its files. */
export { MasterPanel } from './components/MasterPanel';
