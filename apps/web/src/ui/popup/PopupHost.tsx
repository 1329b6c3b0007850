import { useRef, useSyncExternalStore } from 'react';
import { Button } from '../components/Button';
import { ErrorIcon, HelpIcon, InfoIcon, WarningIcon } from '../icons';
import { useOverlay } from '../overlay/use-overlay';
import { answerPopup, type Popup, subscribeToPopups, visiblePopups } from './popup-service';
import '../overlay/overlay.css';
import './popup.css';

const ICONS = { info: InfoIcon, warning: WarningIcon, error: ErrorIcon, confirm: HelpIcon };

function PopupDialog({ popup }: { popup: Popup }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const isConfirm = popup.kind === 'confirm';
  useOverlay(panelRef, 'popup', () => answerPopup(popup.id, false));
  const Icon = ICONS[popup.kind];
  const titleId = `popup-${popup.id}-title`;
  const textId = `popup-${popup.id}-text`;
  return (
    <div className="overlay overlay--popup">
      <div
        ref={panelRef}
        className={`overlay__panel popup popup--${popup.kind}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={popup.text ? textId : undefined}
        data-popup-kind={popup.kind}
        tabIndex={-1}
      >
        <div className="popup__body">
          <span className="popup__icon">
            <Icon />
          </span>
          <div>
            <h2 id={titleId} className="popup__title">
              {popup.title}
            </h2>
            {popup.text && (
              <p id={textId} className="popup__text">
                {popup.text}
              </p>
            )}
          </div>
        </div>
        <div className="popup__actions">
          {isConfirm && (
            <Button
              variant="secondary"
              onClick={() => answerPopup(popup.id, false)}
              data-autofocus={popup.isDanger || undefined}
            >
              {popup.cancelText ?? 'Cancel'}
            </Button>
          )}
          {/* A destructive answer is never the one Enter gives by default. */}
          <Button
            variant={popup.isDanger ? 'danger' : 'primary'}
            onClick={() => answerPopup(popup.id, true)}
            data-autofocus={!popup.isDanger || undefined}
          >
            {popup.actionText}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Renders the open pop-ups, newest on top; mounted once at the root of the app. */
export function PopupHost() {
  const popups = useSyncExternalStore(subscribeToPopups, visiblePopups);
  return (
    <>
      {popups.map((popup) => (
        <PopupDialog key={popup.id} popup={popup} />
      ))}
    </>
  );
}
