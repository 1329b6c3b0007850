import {
  type BotDetails,
  type FlowContentView,
  type FlowProblemView,
  type FlowTargetName,
  FLOW_MESSAGES as M,
  Permission,
  type SavedFlowVersionView,
} from '@parley/contracts';
import { EMPTY_FLOW_XML, type FlowCanvas, ZOOM_STEP } from '@parley/editor';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { handleApiError } from '../../../api/error-reactions';
import { popup, Spinner } from '../../../ui';
import { useContentRefresh, useEntities } from '../../bot-content';
import { useFunctions } from '../../functions';
import {
  activateFlowVersion,
  autoSaveFlow,
  fetchFlowContent,
  fetchFlowStatistics,
  saveFlowVersion,
  validateFlowXml,
} from '../api/flow-editor-api';
import { editorLanguages, paletteCategories } from '../bot-languages';
import { editorRights } from '../editor-rights';
import { type EditorMode, type FlowOwner, isWelcomeIntent } from '../flow-owner';
import { useEditorPreferences } from '../hooks/use-editor-preferences';
import { useFlowItems } from '../hooks/use-flow-items';
import { useIdle } from '../hooks/use-idle';
import { savedOutputsOfSnapshot } from '../saved-outputs';
import { CanvasHost } from './CanvasHost';
import { DetailsPanel } from './details/DetailsPanel';
import { EditorFooter } from './EditorFooter';
import { FunctionsBar } from './FunctionsBar';
import { MissingWelcomeIntent } from './MissingWelcomeIntent';
import { TopBar } from './TopBar';

/** Auto-validation runs this often while it is on (spec 03 section 4.3). */
export const AUTO_VALIDATION_MS = 60_000;

interface FlowEditorProps {
  bot: BotDetails;
  permissions: readonly number[];
  mode: EditorMode;
  initialItem?: string | undefined;
  onClose: () => void;
  onOpenSubFlow?: (name: string) => void;
}

interface LlmEntry {
  llmId: string;
  llmDisplayName: string;
  model?: string | null;
}

/** The snapshot a flow is compared with to know whether it was edited (spec 03 section 4.2). */
const snapshotOf = (canvas: FlowCanvas) =>
  JSON.stringify(
    canvas.blocks().map(({ id, type, name, category, customData }) => [id, type, name, category, customData]),
  );

/** The output variables the flow's blocks set, sorted. */
const flowVariables = (canvas: FlowCanvas) => {
  const names = new Set<string>();
  for (const block of canvas.blocks()) {
    for (const data of Object.values(block.customData)) {
      const outputs = data['fc-output'];
      if (Array.isArray(outputs)) for (const name of outputs) names.add(String(name));
    }
  }
  return [...names].sort();
};

const errorsByBlock = (problems: readonly FlowProblemView[]) => {
  const map = new Map<string, string[]>();
  for (const problem of problems) {
    if (problem.type !== 'error' || !problem.blockId) continue;
    map.set(problem.blockId, [...(map.get(problem.blockId) ?? []), problem.message]);
  }
  return map;
};

/**
 * The Dialog Manager's editor (spec 03): the top bar, the functions bar, the canvas with the
 * Details panel, and the footer, for one bot and mode. The caller holds the editor lock.
 */
export function FlowEditor({ bot, permissions, mode, initialItem, onClose, onOpenSubFlow }: FlowEditorProps) {
  const botName = bot.botName;
  const rights = useMemo(() => editorRights(permissions, mode), [permissions, mode]);
  const languages = useMemo(() => editorLanguages(bot), [bot]);
  const { items, faqNames } = useFlowItems(botName, mode);
  const functions = useFunctions(botName);
  const entities = useEntities(botName);
  const llms = useQuery({
    queryKey: ['llms'],
    queryFn: () => api.get<LlmEntry[]>('/api/llm').catch(() => [] as LlmEntry[]),
  });

  const [canvas, setCanvas] = useState<FlowCanvas | null>(null);
  // Read by the canvas's context pad, made once: a ref keeps it current.
  const subFlowNames = useRef(new Set<string>());
  subFlowNames.current = new Set(
    (functions.data ?? []).filter((fn) => fn.type === 'flow').map((fn) => fn.name),
  );
  const [itemName, setItemName] = useState<string | undefined>(initialItem);
  const [content, setContent] = useState<FlowContentView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [shownVersion, setShownVersion] = useState<number | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [, setRevision] = useState(0);
  const [isEdited, setIsEdited] = useState(false);
  const [problems, setProblems] = useState<FlowProblemView[]>([]);
  const [isBusy, setIsBusy] = useState(false);
  const [showStatistics, setShowStatistics] = useState(false);
  const [flowTriggers, setFlowTriggers] = useState<number | null>(null);
  const baseline = useRef('');

  const [{ autoPublish, autoValidation }, changePreference] = useEditorPreferences();

  const owner = useMemo<FlowOwner | null>(
    () => (itemName ? { mode, botName, name: itemName } : null),
    [mode, botName, itemName],
  );
  const isWelcome = owner ? isWelcomeIntent(owner) : false;

  // The first flow there is when none was asked for (the Welcome Intent only when it exists, or
  // when nothing else does).
  useEffect(() => {
    if (itemName || !items) return;
    const first =
      items.find((item) => !item.isHeader && !item.isMissing) ?? items.find((item) => item.isMissing);
    if (first) setItemName(first.name);
  }, [items, itemName]);

  const showProblems = useCallback(
    (found: FlowProblemView[]) => {
      setProblems(found);
      canvas?.markers.showErrors(errorsByBlock(found));
    },
    [canvas],
  );

  const validate = useCallback(async () => {
    if (!canvas || !owner) return;
    try {
      showProblems(await validateFlowXml(owner, await canvas.xml()));
    } catch (error) {
      if (isApiError(error) && error.is('permission_error')) handleApiError(error);
    }
  }, [canvas, owner, showProblems]);

  const openXml = useCallback(
    async (xml: string) => {
      if (!canvas) return false;
      try {
        await canvas.open(xml);
      } catch {
        void popup.error({ title: 'Failed to load BPMN!' });
        return false;
      }
      setSelected(null);
      return true;
    },
    [canvas],
  );

  const isFaqSelected = itemName !== undefined && faqNames.includes(itemName);
  const isWelcomeMissing = items?.some((item) => item.isMissing && item.name === itemName) ?? false;
  const refreshContent = useContentRefresh(botName);

  // Loads the chosen flow: its newest version, then validates it (spec 03 section 4.3).
  useEffect(() => {
    if (!canvas || !itemName || isFaqSelected) return;
    if (isWelcomeMissing) {
      // Nothing to draw until the intent exists: the flow shown before leaves the canvas.
      setContent(null);
      setIsEdited(false);
      void openXml(EMPTY_FLOW_XML);
      return;
    }
    const current: FlowOwner = { mode, botName, name: itemName };
    let isActive = true;
    setLoadError(null);
    setContent(null);
    // The flow left behind was saved or discarded: nothing is unsaved while this one loads.
    setIsEdited(false);
    setShowStatistics(false);
    canvas.markers.showHits(null);
    fetchFlowContent(current)
      .then(async (loaded) => {
        if (!isActive) return;
        setContent(loaded);
        setShownVersion(loaded.xmlArray[0]?.version ?? null);
        const opened = await openXml(loaded.xml ?? EMPTY_FLOW_XML);
        if (!isActive || !opened) return;
        baseline.current = snapshotOf(canvas);
        setIsEdited(false);
        showProblems(await validateFlowXml(current, await canvas.xml()).catch(() => []));
      })
      .catch((error) => {
        if (!isActive) return;
        if (isApiError(error) && error.is('permission_error')) {
          handleApiError(error);
          return;
        }
        const forbidden = isApiError(error) && error.status === 403 ? ' Insufficient permissions' : '';
        setLoadError(`Could not load the flow for intent ${itemName} of bot ${botName}.${forbidden}`);
      });
    return () => {
      isActive = false;
    };
  }, [canvas, itemName, isFaqSelected, isWelcomeMissing, mode, botName, openXml, showProblems]);

  // Edits: compare with the snapshot taken at load or save.
  useEffect(() => {
    if (!canvas) return;
    const offChange = canvas.onChange(() => {
      setIsEdited(snapshotOf(canvas) !== baseline.current);
      setRevision((revision) => revision + 1);
    });
    const offSelect = canvas.onSelect(setSelected);
    return () => {
      offChange();
      offSelect();
    };
  }, [canvas]);

  // Auto-validation every 60 s while on.
  useEffect(() => {
    if (!autoValidation) return;
    const timer = window.setInterval(() => void validate(), AUTO_VALIDATION_MS);
    return () => window.clearInterval(timer);
  }, [autoValidation, validate]);

  // The browser's own prompt when the page goes away with unsaved changes.
  useEffect(() => {
    if (!isEdited || !rights.canSave) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isEdited, rights.canSave]);

  // Five idle minutes with changes: an automatic copy (an auto-saved version).
  // A flow left alone again after a copy, unchanged, is not copied twice.
  const lastIdleCopy = useRef('');
  useIdle(() => {
    if (!canvas || !owner || !isEdited || !rights.canSave) return;
    const snapshot = snapshotOf(canvas);
    if (snapshot === lastIdleCopy.current) return;
    void canvas.xml().then((xml) =>
      autoSaveFlow(owner, xml).then(
        (saved) => {
          lastIdleCopy.current = snapshot;
          setContent((old) => (old ? { ...old, xmlArray: [saved, ...old.xmlArray] } : old));
        },
        () => {},
      ),
    );
  });

  const reloadContent = async (current: FlowOwner) => {
    const loaded = await fetchFlowContent(current);
    setContent(loaded);
    return loaded;
  };

  /** Activates a version; answers the message to show, or null when it failed (already shown). */
  const activate = async (target: FlowTargetName, versionName: string, isQuiet = false) => {
    if (!owner) return null;
    try {
      const result = await activateFlowVersion(owner, target, versionName);
      setContent(result.content);
      const message = result.activated ? M.activated(owner.name) : M.alreadyActive;
      if (!isQuiet) void popup.info({ title: message });
      return message;
    } catch (error) {
      if (isApiError(error) && error.is('permission_error')) {
        handleApiError(error);
        return null;
      }
      const message = isApiError(error) ? error.message : '';
      void popup.error({ title: message || M.activationFailed });
      return null;
    }
  };

  const activateAll = async (target: FlowTargetName) => {
    if (!items) return;
    setIsBusy(true);
    try {
      for (const item of items.filter((entry) => !entry.isHeader)) {
        const current: FlowOwner = { mode, botName, name: item.name };
        const loaded = await fetchFlowContent(current);
        const newest = loaded.xmlArray.find((version) => version.status !== 'faulty-flow');
        if (newest) await activateFlowVersion(current, target, newest.versionName);
      }
      if (owner) await reloadContent(owner);
      void popup.info({ title: M.allActivated });
    } catch (error) {
      const message = isApiError(error) ? error.message : '';
      void popup.error({ title: message || M.activationFailed });
    } finally {
      setIsBusy(false);
    }
  };

  /**
   * Saves the flow as shown now. What follows the server's answer only shows it (the version
   * list, the errors on blocks, auto-publish): once the flow is stored, a failure there never
   * says the save failed. Edits made while the save is under way stay unsaved.
   */
  const saveNow = async (): Promise<boolean> => {
    if (!canvas || !owner) return false;
    setIsBusy(true);
    try {
      const snapshot = snapshotOf(canvas);
      let saved: SavedFlowVersionView;
      try {
        saved = await saveFlowVersion(owner, await canvas.xml());
      } catch (error) {
        if (isApiError(error) && error.is('permission_error')) handleApiError(error);
        else void popup.error({ title: M.saveFailed });
        return false;
      }
      baseline.current = snapshot;
      setIsEdited(snapshotOf(canvas) !== snapshot);
      setShownVersion(saved.version);
      showProblems(saved.problems);
      // The version list as the server has it; should that read fail, the saved version is added.
      await reloadContent(owner).catch(() =>
        setContent((old) => (old ? { ...old, xmlArray: [saved, ...old.xmlArray] } : old)),
      );
      const blockError = saved.problems.find((problem) => problem.type === 'error');
      if (blockError) {
        void popup.warning({ title: M.saved, text: blockError.message });
      } else {
        // Auto-publish: to test in intents mode, live in functions mode (spec 03 section 4.2).
        const target: FlowTargetName = mode === 'intents' ? 'test' : 'production';
        const mayPublish = target === 'test' ? rights.canActivateToTest : rights.canActivateToProduction;
        const published = autoPublish && mayPublish ? await activate(target, saved.versionName, true) : null;
        // One pop-up for both: saved, and where it went.
        void popup.info({ title: M.saved, ...(published ? { text: published } : {}) });
      }
      return true;
    } finally {
      setIsBusy(false);
    }
  };

  // One save at a time: a save asked for while one is under way (Save, then leaving the flow)
  // starts when that one has ended.
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const save = (): Promise<boolean> => {
    const next = saving.current.then(saveNow);
    saving.current = next.catch(() => undefined);
    return next;
  };

  /** Asks to save unsaved changes; resolves false when the user stays. */
  const leaveFlow = async (): Promise<boolean> => {
    if (!isEdited || !rights.canSave) return true;
    // A save under way may store the changes: ask only about what it leaves unsaved.
    await saving.current;
    if (canvas && snapshotOf(canvas) === baseline.current) return true;
    const shouldSave = await popup.confirm({
      title: 'You have unsaved changes!',
      text: 'Save them before you leave this flow?',
      actionText: 'Save',
      cancelText: 'Discard',
    });
    if (shouldSave && !(await save())) return false;
    return true;
  };

  const switchTo = async (name: string) => {
    if (name === itemName || !(await leaveFlow())) return;
    const previous = owner;
    const previousContent = content;
    setItemName(name);
    // A saved flow not activated yet: offer it (spec 03 section 4.2).
    const newest = previousContent?.xmlArray[0];
    if (previous && newest && mode === 'intents' && rights.canActivateToTest) {
      const isActive = previousContent.testVersions[0]?.version === newest.version;
      if (!isActive && newest.status !== 'faulty-flow') {
        const shouldActivate = await popup.confirm({
          title: M.notActivated,
          actionText: 'Activate',
          cancelText: 'Do later',
        });
        if (shouldActivate) {
          await activateFlowVersion(previous, 'test', newest.versionName).then(
            () => popup.info({ title: M.activated(previous.name) }),
            () => popup.error({ title: M.activationFailed }),
          );
        }
      }
    }
  };

  const close = async () => {
    if (await leaveFlow()) onClose();
  };

  const toggleStatistics = async (isOn: boolean) => {
    setShowStatistics(isOn);
    if (!isOn || !canvas || !owner) {
      canvas?.markers.showHits(null);
      setFlowTriggers(null);
      return;
    }
    const version = content?.xmlArray.find((entry) => entry.version === shownVersion);
    if (!version) return;
    try {
      const statistics = await fetchFlowStatistics(owner, version.versionName);
      setFlowTriggers(statistics.flowTriggers);
      canvas.markers.showHits(new Map(Object.entries(statistics.blockHits)));
    } catch (error) {
      handleApiError(error);
    }
  };

  // Read at each render: every canvas change renders the editor again (the revision).
  const variables = canvas ? flowVariables(canvas) : [];

  return (
    <div className="flow-editor">
      <TopBar
        botName={botName}
        mode={mode}
        items={items}
        itemName={itemName}
        isWelcome={isWelcome}
        onSwitch={(name) => void switchTo(name)}
        variables={variables}
        showStatistics={showStatistics}
        flowTriggers={flowTriggers}
        onToggleStatistics={(isOn) => void toggleStatistics(isOn)}
        onClose={() => void close()}
      />
      {isFaqSelected && <p className="flow-editor__notice">{M.faqNoFlow}</p>}
      {isWelcomeMissing && (
        <MissingWelcomeIntent
          botName={botName}
          language={bot.settings.language}
          canCreate={permissions.includes(Permission.ManageIntents)}
          onCreated={refreshContent}
        />
      )}
      {owner && !isFaqSelected && !isWelcomeMissing && (
        <FunctionsBar
          owner={owner}
          content={content}
          shownVersion={shownVersion}
          rights={rights}
          isBusy={isBusy}
          isEdited={isEdited}
          autoPublish={autoPublish}
          onToggleAutoPublish={(value) => void changePreference('autoPublish', value)}
          canvas={canvas}
          languages={languages}
          functionNames={(functions.data ?? []).map((fn) => fn.name)}
          onShowVersion={async (version) => {
            const chosen = content?.xmlArray.find((entry) => entry.version === version);
            if (!chosen || !canvas || !(await leaveFlow())) return;
            if (await openXml(chosen.xml)) {
              setShownVersion(version);
              baseline.current = snapshotOf(canvas);
              setIsEdited(false);
              void validate();
            }
          }}
          onOpenXml={async (xml) => {
            const opened = await openXml(xml);
            if (opened && canvas) {
              setIsEdited(snapshotOf(canvas) !== baseline.current);
              void validate();
            }
            return opened;
          }}
          onSave={() => void save()}
          onActivate={(target) => {
            const version = content?.xmlArray.find((entry) => entry.version === shownVersion);
            if (version) void activate(target, version.versionName);
          }}
          onActivateAll={(target) => void activateAll(target)}
        />
      )}
      <div className="flow-editor__main">
        <div className="flow-editor__canvas">
          {loadError && <p className="flow-editor__error">{loadError}</p>}
          {!content && !loadError && owner && !isWelcomeMissing && (
            <div className="flow-editor__loading">
              <Spinner label="Loading the flow" />
            </div>
          )}
          <CanvasHost
            config={{
              languages,
              categories: paletteCategories(bot),
              isWelcomeIntent: isWelcome,
              isSubFlow: (name) => subFlowNames.current.has(name),
              ...(onOpenSubFlow ? { onOpenSubFlow } : {}),
            }}
            onReady={setCanvas}
          />
        </div>
        {canvas && (
          <DetailsPanel
            canvas={canvas}
            elementId={selected}
            onClose={() => canvas.select(null)}
            languages={languages}
            rights={rights}
            functions={functions.data ?? []}
            llms={llms.data ?? []}
            variables={variables}
            entityNames={(entities.data ?? [])
              .filter((entity) => entity.type !== 'entities')
              .map((entity) => entity.name)}
            isWelcomeIntent={isWelcome}
            botName={botName}
            settings={bot.settings}
            savedOutputs={savedOutputsOfSnapshot(baseline.current)}
          />
        )}
      </div>
      <EditorFooter
        canvas={canvas}
        zoomStep={ZOOM_STEP}
        problems={problems}
        autoValidation={autoValidation}
        onToggleAutoValidation={(value) => void changePreference('autoValidation', value)}
        autoPublish={autoPublish}
        onToggleAutoPublish={(value) => void changePreference('autoPublish', value)}
      />
    </div>
  );
}
