import { NavLink } from 'react-router';
import { cx } from '../../../ui';
import type { ManualSection } from '../hooks/use-manual';

export function ManualSidebar({ sections, currentSlug }: { sections: ManualSection[]; currentSlug: string }) {
  return (
    <nav className="manual-sidebar" aria-label="Manual pages">
      {sections.map((section) => (
        <div key={section.name} className="manual-sidebar__section">
          <h2 className="manual-sidebar__heading">{section.name}</h2>
          <ul>
            {section.pages.map((page) => (
              <li key={page.slug}>
                <NavLink
                  to={`/user-manual/${page.slug}`}
                  className={cx(
                    'manual-sidebar__link',
                    page.slug === currentSlug && 'manual-sidebar__link--active',
                  )}
                  aria-current={page.slug === currentSlug ? 'page' : undefined}
                >
                  {page.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
