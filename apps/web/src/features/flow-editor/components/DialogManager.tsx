import type { BotDetails } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../../ui';
import type { EditorMode } from '../flow-owner';
import { useEditorLock } from '../hooks/use-editor-lock';
import { FlowEditor } from './FlowEditor';
import '../flow-editor.css';

export const LOCKED_TEXT =
  'Someone in your organisation is currently editing the conversation for this bot. Please try again in a few minutes.';

interface DialogManagerProps {
  bot: BotDetails;
  permissions: readonly number[];
  mode: EditorMode;
  initialItem?: string | undefined;
  onClose: () => void;
  /** A page of its own (/bots/{botName}/flow) rather than a modal over the bot page. */
  isPage?: boolean;
}

/** The Locked dialog (spec 03 section 2.1): Go back closes the editor. */
function LockedDialog({ onClose }: { onClose: () => void }) {
  return (
    <div
      className="flow-locked"
      role="alertdialog"
      aria-labelledby="flow-locked-title"
      aria-describedby="flow-locked-text"
    >
      <h2 id="flow-locked-title">Locked</h2>
      <p id="flow-locked-text">{LOCKED_TEXT}</p>
      <Button onClick={onClose}>Go back</Button>
    </div>
  );
}

/**
 * The Dialog Manager: takes the bot's editor lock and, once it holds it, shows the editor; a
 * sub flow opened from a Subs block opens a nested editor in functions mode.
 */
export function DialogManager({
  bot,
  permissions,
  mode,
  initialItem,
  onClose,
  isPage = false,
}: DialogManagerProps) {
  const lock = useEditorLock(bot.botName);
  const [subFlow, setSubFlow] = useState<string | null>(null);
  useEffect(() => {
    if (isPage) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [isPage]);

  const content = (
    <div
      className={isPage ? 'flow-manager flow-manager--page' : 'flow-manager'}
      role="dialog"
      aria-modal={!isPage}
      aria-label="Dialog Manager"
    >
      {lock === 'locked' && <LockedDialog onClose={onClose} />}
      {lock === 'unlocked' && (
        <FlowEditor
          bot={bot}
          permissions={permissions}
          mode={mode}
          initialItem={initialItem}
          onClose={onClose}
          onOpenSubFlow={setSubFlow}
        />
      )}
      {lock === 'unlocked' && subFlow && (
        <div className="flow-manager flow-manager--nested" role="dialog" aria-label={`Sub flow ${subFlow}`}>
          <FlowEditor
            key={subFlow}
            bot={bot}
            permissions={permissions}
            mode="functions"
            initialItem={subFlow}
            onClose={() => setSubFlow(null)}
            onOpenSubFlow={setSubFlow}
          />
        </div>
      )}
    </div>
  );
  return isPage ? content : createPortal(content, document.body);
}
