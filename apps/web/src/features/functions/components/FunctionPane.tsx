import { type FunctionView, isSubFlowType, FUNCTION_MESSAGES as M } from '@parley/contracts';
import { useState } from 'react';
import { savingWith, showFailure } from '../../../api/server-error';
import { Banner, Button, DownloadIcon, popup, Toggle, TrashIcon } from '../../../ui';
import { EditableText } from '../../bot-content';
import { useDialogManagerOpener } from '../../bots';
import { useTestChatOpener } from '../../test-chat';
import {
  deleteFunction,
  exportFunction,
  renameFunction,
  updateFunction,
  updateFunctionDescription,
} from '../api/functions-api';
import { draftOf, draftProblem, type FunctionDraft, isSameDraft, requestOf } from '../function-draft';
import type { FunctionRights } from '../function-rights';
import { useFunctionsRefresh } from '../hooks/use-functions';
import { useOutputWindow } from '../hooks/use-output-window';
import { FunctionEditor } from './editor/FunctionEditor';
import { FunctionActions } from './FunctionActions';
import { FunctionBadges } from './FunctionBadges';
import { draftFieldError } from './field-errors';
import { UsageModal } from './modals/UsageModal';
import { SubFlowVersions } from './SubFlowVersions';

interface FunctionPaneProps {
  botName: string;
  fn: FunctionView;
  rights: FunctionRights;
  onRenamed: (name: string) => void;
  onSaved: () => void;
}

/**
 * The selected function: name, description, badges and the Global toggle; its editor; Run
 * Function, Show Adaptive Card and Show usage; the Save/Export footer. Without the manage
 * permission everything is read-only.
 */
export function FunctionPane({ botName, fn, rights, onRenamed, onSaved }: FunctionPaneProps) {
  const refresh = useFunctionsRefresh();
  const output = useOutputWindow(botName);
  const openTestChat = useTestChatOpener();
  const openDialogManager = useDialogManagerOpener();
  const [saved, setSaved] = useState(() => draftOf(fn));
  const [draft, setDraft] = useState<FunctionDraft>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);
  const [isUsageOpen, setIsUsageOpen] = useState(false);
  const isDirty = !isSameDraft(draft, saved);
  const isReadOnly = !rights.canManage;
  // Renaming or deleting a global function changes every bot of the account: MakeGlobal too.
  const canReachAllBots = rights.canManage && (!fn.isGlobal || rights.canMakeGlobal);

  // The stored function changed (saved here, renamed, or edited in another bot when global).
  const fresh = draftOf(fn);
  if (!isSameDraft(fresh, saved)) {
    setSaved(fresh);
    if (!isDirty) setDraft(fresh);
  }

  const change = (patch: Partial<FunctionDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  const save = async (next: FunctionDraft = draft) => {
    const problem = draftProblem(next);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    setIsSaving(true);
    try {
      await updateFunction(botName, fn.name, requestOf(next));
      await refresh();
      onSaved();
      void popup.info({ title: 'Saved!' });
    } catch (error) {
      const refusal = draftFieldError(error);
      if (refusal) setErrors(refusal);
      else showFailure('Error!', error);
    } finally {
      setIsSaving(false);
    }
  };

  const rename = savingWith(
    M.renameFailed,
    (newName) => renameFunction(botName, fn.name, newName),
    async (newName) => {
      await refresh();
      onRenamed(newName);
    },
  );

  const describe = savingWith(
    M.descriptionSaveFailed,
    (description) => updateFunctionDescription(botName, fn.name, description),
    refresh,
  );

  // The Global toggle applies at once, to the stored function; unsaved edits stay unsaved.
  const toggleGlobal = async (isGlobal: boolean) => {
    try {
      await updateFunction(botName, fn.name, { ...requestOf(saved), isGlobal });
    } catch (error) {
      showFailure('Error!', error);
      return;
    }
    setDraft((current) => ({ ...current, isGlobal }));
    await refresh();
  };

  const remove = async () => {
    const isSure = await popup.confirm({
      title: M.deleteTitle,
      text: M.deleteConfirm,
      actionText: M.deleteButton,
      isDanger: true,
    });
    if (!isSure) return;
    try {
      await deleteFunction(botName, fn.name);
    } catch (error) {
      showFailure('Deletion error', error);
      return;
    }
    // The list selects the function now at its place (spec 02 section 4).
    await refresh();
  };

  const onExport = async () => {
    try {
      await exportFunction(botName, fn);
    } catch (error) {
      showFailure('Export failed', error);
    }
  };

  return (
    <article className="function-pane" aria-label={`Function ${fn.name}`}>
      <header className="function-pane__header">
        <div className="function-pane__title">
          <EditableText
            label="Function name"
            value={fn.name}
            canEdit={canReachAllBots}
            variant="title"
            onSave={rename}
          />
          <FunctionBadges fn={fn} />
        </div>
        {rights.canMakeGlobal ? (
          <Toggle
            label="Global"
            description="Available to every bot of the account."
            isChecked={fn.isGlobal}
            isDisabled={!rights.canManage}
            onChange={(isGlobal) => void toggleGlobal(isGlobal)}
          />
        ) : null}
      </header>
      <EditableText
        label="Function description"
        value={fn.description}
        placeholder={rights.canManage ? 'Add a description' : 'No description'}
        canEdit={rights.canManage}
        isMultiline
        onSave={describe}
      />
      {fn.isDefinitionHidden ? (
        <Banner tone="info" title={M.definitionHiddenTitle}>
          {M.definitionHidden}
        </Banner>
      ) : (
        <FunctionEditor
          botName={botName}
          draft={draft}
          onChange={change}
          isReadOnly={isReadOnly}
          areInputsReadOnly={fn.isGlobal}
          errors={errors}
        />
      )}
      {isSubFlowType(fn.type) && (
        <SubFlowVersions botName={botName} name={fn.name} canPublish={rights.canPublishFlows} />
      )}
      <FunctionActions
        draft={draft}
        onRun={() => void output.run(draft)}
        onShowCard={() => output.showCard(draft)}
        onShowUsage={() => setIsUsageOpen(true)}
        {...(openTestChat && isSubFlowType(fn.type)
          ? { onTestSubFlow: () => openTestChat({ subFlow: fn.name }) }
          : {})}
        {...(openDialogManager && isSubFlowType(fn.type)
          ? { onEditSubFlow: () => openDialogManager({ mode: 'functions', item: fn.name }) }
          : {})}
      />
      <footer className="function-pane__footer">
        {canReachAllBots && (
          <Button variant="ghost" icon={<TrashIcon />} onClick={() => void remove()}>
            Delete
          </Button>
        )}
        <span className="function-pane__spacer" />
        {rights.canExport && (
          <Button variant="secondary" icon={<DownloadIcon />} onClick={() => void onExport()}>
            Export
          </Button>
        )}
        {rights.canManage && (
          <Button onClick={() => void save()} isLoading={isSaving} disabled={!isDirty}>
            Save
          </Button>
        )}
      </footer>
      {output.window}
      {isUsageOpen && <UsageModal botName={botName} fn={fn} onClose={() => setIsUsageOpen(false)} />}
    </article>
  );
}
