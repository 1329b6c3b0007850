import { Spinner } from '../ui';
import './app.css';

/** Shown while a page's code or first data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-loader">
      <Spinner size="lg" label={label} />
    </div>
  );
}
