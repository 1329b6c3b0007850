import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { cx, Spinner } from '../../../ui';
import type { SettingsTabProps } from '../../bot-settings';
import { FEATURE_TABS, featureTabNamed } from '../feature-tabs';
import { FEATURES_UI as M } from '../features-messages';
import { useIsChatBubbleChannelEnabled } from '../hooks/use-chat-bubble-channel';
import './features.css';

/**
 * The Features tab (spec 04 section 2.3): a sidebar with GDPR (the default), Chat Bubble (enabled
 * only while the Chat Bubble channel is), Multi-Language, Custom Widgets and Handover. The open
 * sub-tab is the route's `?feature=` so a reload keeps it; each sub-tab registers its own save
 * with its own permission through the frame's 'Save settings'.
 */
export function FeaturesTab(props: SettingsTabProps) {
  const [search, setSearch] = useSearchParams();
  const isChatBubbleEnabled = useIsChatBubbleChannelEnabled(props.bot);
  const current = featureTabNamed(search.get('feature'), isChatBubbleEnabled);
  const { Panel } = current;

  return (
    <section className="features" aria-label="Features">
      <nav className="features__sidebar" aria-label={M.sidebar}>
        <ul>
          {FEATURE_TABS.map((tab) => {
            const isDisabled = tab.needsChatBubbleChannel === true && !isChatBubbleEnabled;
            return (
              <li key={tab.id}>
                <button
                  type="button"
                  className={cx('features__item', tab.id === current.id && 'features__item--current')}
                  aria-current={tab.id === current.id ? 'page' : undefined}
                  disabled={isDisabled}
                  title={isDisabled ? M.chatBubbleOff : undefined}
                  onClick={() =>
                    setSearch(
                      (params) => {
                        const next = new URLSearchParams(params);
                        next.set('feature', tab.id);
                        return next;
                      },
                      { replace: true },
                    )
                  }
                >
                  {tab.title}
                </button>
                {isDisabled && <p className="features__item-hint">{M.chatBubbleOff}</p>}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="features__panel">
        <Suspense fallback={<Spinner label={M.loading} />}>
          <Panel key={current.id} {...props} />
        </Suspense>
      </div>
    </section>
  );
}
