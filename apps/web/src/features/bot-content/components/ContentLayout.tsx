import type { ReactNode } from 'react';
import './content.css';

/** The intents and entities screens: a list on the left, the selected item on the right. */
export function ContentLayout({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  return (
    <div className="content-layout">
      <aside className="content-layout__sidebar">{sidebar}</aside>
      <section className="content-layout__main">{children}</section>
    </div>
  );
}
