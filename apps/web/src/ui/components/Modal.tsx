import { type ReactNode, useCallback, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../class-names';
import { CloseIcon } from '../icons';
import { useOverlay } from '../overlay/use-overlay';
import { popup } from '../popup/popup-service';
import '../overlay/overlay.css';
import './Modal.css';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom right; as a function it gets the close action that honours `isDirty`. */
  footer?: ReactNode | ((requestClose: () => void) => ReactNode);
  description?: ReactNode;
  /** Unsaved changes: closing (Escape, the X, the backdrop) first asks for confirmation. */
  isDirty?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** False for a dialog the page cannot go on without (the public test chat's password): no X, Escape or backdrop close it. */
  isDismissable?: boolean;
}

/** A dialog over the page, rendered into document.body; render it only while it is open. */
export function Modal({
  title,
  onClose,
  children,
  footer,
  description,
  isDirty = false,
  size = 'md',
  className,
  isDismissable = true,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const isAsking = useRef(false);

  const requestClose = useCallback(async () => {
    if (!isDismissable) return;
    if (isDirty) {
      if (isAsking.current) return;
      isAsking.current = true;
      const shouldDiscard = await popup.confirm({
        title: 'Discard changes?',
        text: 'You have unsaved changes. They will be lost if you close this dialog.',
        actionText: 'Discard',
        cancelText: 'Keep editing',
        isDanger: true,
      });
      isAsking.current = false;
      if (!shouldDiscard) return;
    }
    onClose();
  }, [isDirty, isDismissable, onClose]);

  useOverlay(panelRef, 'modal', () => void requestClose());

  return createPortal(
    <div
      className="overlay overlay--modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) void requestClose();
      }}
    >
      <div
        ref={panelRef}
        className={cx('overlay__panel', 'modal', `modal--${size}`, className)}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <header className="modal__header">
          <div>
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="modal__description">
                {description}
              </p>
            )}
          </div>
          {isDismissable && (
            <button
              type="button"
              className="modal__close"
              onClick={() => void requestClose()}
              aria-label="Close"
            >
              <CloseIcon />
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer && (
          <footer className="modal__footer">
            {typeof footer === 'function' ? footer(() => void requestClose()) : footer}
          </footer>
        )}
      </div>
    </div>,
    document.body,
  );
}
