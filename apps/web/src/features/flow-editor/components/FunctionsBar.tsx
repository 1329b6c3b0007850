import { type FlowContentView, type FlowTargetName, FLOW_MESSAGES as M } from '@parley/contracts';
import { EMPTY_FLOW_XML, type FlowCanvas } from '@parley/editor';
import { sampleFlowXml } from '@parley/flows';
import { useRef, useState } from 'react';
import { saveFile } from '../../../api/download-file';
import { Button, popup, Toggle } from '../../../ui';
import type { EditorRights } from '../editor-rights';
import { extensionProblem, FLOW_FILE_MAX_BYTES, flowFileName, readFlowFile, toFlowFile } from '../flow-file';
import type { FlowOwner } from '../flow-owner';

/** The Save hover menu closes this long after the pointer leaves (spec 03 section 9). */
const HOVER_CLOSE_MS = 100;

interface FunctionsBarProps {
  owner: FlowOwner;
  content: FlowContentView | null;
  shownVersion: number | null;
  rights: EditorRights;
  isBusy: boolean;
  isEdited: boolean;
  autoPublish: boolean;
  onToggleAutoPublish: (value: boolean) => void;
  canvas: FlowCanvas | null;
  languages: string[];
  functionNames: readonly string[];
  onShowVersion: (version: number) => void;
  onOpenXml: (xml: string) => Promise<boolean>;
  onSave: () => void;
  onActivate: (target: FlowTargetName) => void;
  onActivateAll: (target: FlowTargetName) => void;
}

/** The functions bar (spec 03 section 2.3): versions, Reset, Clear, Export, Import, Save, activation. */
export function FunctionsBar(props: FunctionsBarProps) {
  const { owner, content, rights, canvas } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const [isSaveMenuOpen, setIsSaveMenuOpen] = useState(false);
  const [isActivationOpen, setIsActivationOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const isIntents = owner.mode === 'intents';
  const versions = content?.xmlArray ?? [];
  const shown = versions.find((version) => version.version === props.shownVersion);
  const testVersion = content?.testVersions[0]?.version;
  const liveVersion = content?.labeledVersions[0]?.version;

  const reset = async () => {
    if (
      !(await popup.confirm({ title: 'Are you sure that you want to reset this flow?', actionText: 'Reset' }))
    )
      return;
    await props.onOpenXml(await sampleFlowXml({ intentName: owner.name, languages: props.languages }));
  };
  const clear = async () => {
    if (
      !(await popup.confirm({ title: 'Are you sure that you want to clear this flow?', actionText: 'Clear' }))
    )
      return;
    await props.onOpenXml(EMPTY_FLOW_XML);
  };
  const exportFlow = async () => {
    if (!canvas) return;
    const file = toFlowFile(owner.name, await canvas.xml(), canvas.blocks());
    saveFile(
      new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
      flowFileName(owner.botName, owner.name),
    );
  };
  const importFlow = async (file: File) => {
    const problem = extensionProblem(file.name);
    if (problem) return void popup.error({ title: problem });
    try {
      if (file.size > FLOW_FILE_MAX_BYTES) throw new Error('it is bigger than 3 MB.');
      const flow = readFlowFile(await file.text());
      if (!(await props.onOpenXml(flow.xml))) return;
      const missing = flow.functions.filter((name) => !props.functionNames.includes(name));
      if (missing.length > 0) void popup.warning({ title: M.missingFunctions, text: missing.join(', ') });
    } catch (error) {
      void popup.error({
        title: `Failed to load the file ${error instanceof Error ? error.message : ''}`.trim(),
      });
    }
  };

  const versionLabel = (version: (typeof versions)[number]) =>
    `${version.versionName}${version.status === 'auto-saved' ? '*' : ''}${version.status === 'faulty-flow' ? ' (has errors)' : ''}${
      version.version === testVersion ? ' · test' : ''
    }${version.version === liveVersion ? ' · live' : ''}`;

  const canActivate = rights.canActivateToTest || rights.canActivateToProduction;
  const cannotActivateShown = !shown || shown.status === 'faulty-flow';
  /** The activation menu (spec 03 section 4.2): this flow or all, to test or to every channel. */
  const activationItems = [
    ...(rights.canActivateToTest
      ? [
          {
            label: 'Activate this intent flow to test',
            isDisabled: cannotActivateShown,
            run: () => props.onActivate('test'),
          },
          { label: 'Activate all flows to test', isDisabled: false, run: () => props.onActivateAll('test') },
        ]
      : []),
    ...(rights.canActivateToProduction
      ? [
          {
            label: isIntents ? 'Activate this intent flow to all channels' : 'Publish to live',
            isDisabled: cannotActivateShown,
            run: () => props.onActivate('production'),
          },
          {
            label: isIntents ? 'Activate all flows to all channels' : 'Publish all to live',
            isDisabled: false,
            run: () => props.onActivateAll('production'),
          },
        ]
      : []),
  ];
  return (
    <div className="flow-editor__bar" role="toolbar" aria-label="Flow actions">
      <label className="flow-editor__version">
        <span>Version</span>
        <select
          aria-label="Version"
          value={props.shownVersion ?? ''}
          disabled={versions.length === 0}
          onChange={(event) => props.onShowVersion(Number(event.target.value))}
        >
          {versions.length === 0 && <option value="">Not saved yet</option>}
          {versions.map((version) => (
            <option
              key={version.version}
              value={version.version}
              title={version.status === 'auto-saved' ? M.autoSaved : undefined}
            >
              {versionLabel(version)}
            </option>
          ))}
        </select>
      </label>
      {rights.canManageIntents && (
        <>
          <Button size="sm" variant="secondary" onClick={() => void reset()}>
            Reset flow
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void clear()}>
            Clear
          </Button>
        </>
      )}
      {rights.canImportExport && (
        <>
          <Button size="sm" variant="secondary" onClick={() => void exportFlow()}>
            Export Flow
          </Button>
          <Button size="sm" variant="secondary" onClick={() => fileInput.current?.click()}>
            Import Flow
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json"
            hidden
            aria-label="Flow file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFlow(file);
            }}
          />
        </>
      )}
      <span className="flow-editor__spacer" />
      {rights.canSave && (
        <div
          className="flow-editor__save"
          onMouseEnter={() => {
            window.clearTimeout(closeTimer.current);
            setIsSaveMenuOpen(true);
          }}
          onMouseLeave={() => {
            closeTimer.current = window.setTimeout(() => setIsSaveMenuOpen(false), HOVER_CLOSE_MS);
          }}
        >
          <Button size="sm" isLoading={props.isBusy} onClick={props.onSave}>
            Save{props.isEdited ? ' *' : ''}
          </Button>
          {isSaveMenuOpen && rights.canActivateToTest && isIntents && (
            <div
              className="flow-editor__menu"
              title="Auto activate this intent flow to the test chat channel"
            >
              <Toggle
                label="Auto-activate"
                isChecked={props.autoPublish}
                onChange={props.onToggleAutoPublish}
              />
            </div>
          )}
        </div>
      )}
      {canActivate && (
        <div className="flow-editor__activation">
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={isActivationOpen}
            onClick={() => setIsActivationOpen((open) => !open)}
          >
            Activate ▾
          </Button>
          {isActivationOpen && (
            <div className="flow-editor__menu" role="menu">
              {activationItems.map((item) => (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  disabled={item.isDisabled}
                  onClick={() => {
                    setIsActivationOpen(false);
                    item.run();
                  }}
                >
                  {item.label}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
