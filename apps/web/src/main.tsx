import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import './ui/tokens.css';
import './ui/base.css';

/**
 * How long the first drawing waits for the code of the address's screens. Drawn before, each
 * screen would show a loader while its chunk arrives, and React holds every next screen back
 * for up to 300 ms after a loader showed; on a slow network the loaders are better than nothing.
 */
const FIRST_SCREEN_WAIT_MS = 1500;

const router = createAppRouter();
void Promise.race([router.firstScreen, new Promise((done) => setTimeout(done, FIRST_SCREEN_WAIT_MS))]).then(
  () =>
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
);
