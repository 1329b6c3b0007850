import { publicTestChatPath, type TestChatPasswordView } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { handleApiError } from '../../../api/error-reactions';
import { ChevronDownIcon, cx, popup } from '../../../ui';
import { fetchTestChatPass, fetchTestChatPassword, resetTestChatPassword } from '../api/test-chat-api';
import { TestChatPasswordDialog } from './TestChatPasswordDialog';

/**
 * 'Share testchat' (spec 01 'Test chat extras', permission 28, internal test chat only): open
 * the public test chat in a new tab already unlocked, show the link's password with a copy
 * button, or reset it after a confirmation. A WAI-ARIA menu: arrow keys move, Escape and a click
 * outside close it.
 */
export function ShareTestChatMenu({ botName }: { botName: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [shown, setShown] = useState<(TestChatPasswordView & { isNew: boolean }) | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // The pass is fetched as the menu opens, so that 'Open testlink' is a plain link: a new tab
  // opened after an await would be taken for a pop-up and blocked.
  const pass = useQuery({
    queryKey: ['test-chat-pass', botName],
    queryFn: () => fetchTestChatPass(botName),
    enabled: isOpen,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    if (pass.error) handleApiError(pass.error);
  }, [pass.error]);

  useEffect(() => {
    if (!isOpen) return;
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [isOpen]);

  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isOpen) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    const next = (current + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };

  const run = async (work: () => Promise<void>) => {
    setIsOpen(false);
    setIsBusy(true);
    try {
      await work();
    } catch (error) {
      handleApiError(error);
    } finally {
      setIsBusy(false);
    }
  };

  const showPassword = () =>
    run(async () => setShown({ ...(await fetchTestChatPassword(botName)), isNew: false }));

  const resetPassword = () =>
    run(async () => {
      const isConfirmed = await popup.confirm({
        title: 'Reset the test chat password?',
        text: 'Whoever chats with the old password is stopped at once and needs the new one.',
        actionText: 'Reset password',
        isDanger: true,
      });
      if (isConfirmed) setShown({ ...(await resetTestChatPassword(botName)), isNew: true });
    });

  return (
    <div className="share-menu" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary button--sm"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-busy={isBusy || undefined}
        onClick={() => setIsOpen((open) => !open)}
      >
        Share testchat
        <ChevronDownIcon />
      </button>
      {isOpen && (
        <div className="share-menu__list" role="menu" id={menuId} aria-label="Share testchat">
          <a
            role="menuitem"
            tabIndex={-1}
            className={cx('share-menu__item', !pass.data && 'is-disabled')}
            aria-disabled={!pass.data || undefined}
            href={pass.data ? publicTestChatPath(pass.data.linkId, pass.data.password) : undefined}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => {
              if (!pass.data) event.preventDefault();
              else setIsOpen(false);
            }}
          >
            Open testlink
          </a>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="share-menu__item"
            onClick={showPassword}
          >
            Show password
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="share-menu__item share-menu__item--danger"
            onClick={resetPassword}
          >
            Reset password
          </button>
        </div>
      )}
      {shown && (
        <TestChatPasswordDialog
          password={shown.password}
          link={new URL(publicTestChatPath(shown.linkId), window.location.origin).toString()}
          isNew={shown.isNew}
          onClose={() => setShown(null)}
        />
      )}
    </div>
  );
}
