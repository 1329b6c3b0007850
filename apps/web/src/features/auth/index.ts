/** What other features use of auth: they import it from here, never from its files. */
export { endSession } from './end-session';
