import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SearchIcon, Spinner } from '../../../ui';
import { useManualSearch } from '../hooks/use-manual';

/** The search box: results appear under it while it has a query. */
export function ManualSearch() {
  const [query, setQuery] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const resultsId = useId();
  const search = useManualSearch(query);
  const hasQuery = query.trim().length > 0;
  const results = search.data ?? [];

  const close = () => {
    setIsOpen(false);
    setQuery('');
  };

  return (
    <div
      className="manual-search"
      ref={rootRef}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setIsOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && hasQuery) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <SearchIcon className="manual-search__icon" />
      <input
        type="search"
        className="input manual-search__input"
        placeholder="Search the manual"
        aria-label="Search the manual"
        aria-controls={resultsId}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setIsOpen(true);
        }}
        onFocus={() => setIsOpen(true)}
      />
      {isOpen && hasQuery && (
        <div className="manual-search__results" id={resultsId} aria-live="polite">
          {search.isFetching && results.length === 0 ? (
            <div className="manual-search__status">
              <Spinner size="sm" label="Searching" />
            </div>
          ) : search.isError ? (
            <p className="manual-search__status">The search is not available right now.</p>
          ) : results.length === 0 ? (
            search.isSuccess && <p className="manual-search__status">No pages match “{query.trim()}”.</p>
          ) : (
            <ul>
              {results.map((result) => (
                <li key={result.slug}>
                  <Link to={`/user-manual/${result.slug}`} className="manual-search__result" onClick={close}>
                    <span className="manual-search__result-title">{result.title}</span>
                    <span className="manual-search__result-snippet">{result.snippet}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
