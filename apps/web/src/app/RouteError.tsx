import { useRouteError } from 'react-router';
import { Button, Logo } from '../ui';
import './app.css';

/**
 * A page that failed to render or load (most often: a new version was deployed and an old
 * page chunk is gone). Reloading fetches the current version.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="route-error" role="alert">
      <Logo size="lg" />
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Reloading usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  );
}
