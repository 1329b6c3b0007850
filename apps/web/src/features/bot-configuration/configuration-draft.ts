import type {
  BotConfigurationBody,
  BotConfigurationView,
  ConnectionKind,
  ConnectionView,
} from '@parley/contracts';
import { connectionState } from '@parley/contracts';

/**
 * The Configuration tab's unsaved changes: which connections were added, removed, enabled or
 * disabled and which engines chosen. The tab shows the stored configuration with them applied;
 * 'Save settings' sends only what differs from what is stored.
 */
export interface ConfigurationDraft {
  /** By `${kind}:${id}`: the wanted visible and enabled flags. */
  connections: Record<string, { visible: boolean; enabled: boolean }>;
  engines: Record<string, string | null>;
}

export const EMPTY_DRAFT: ConfigurationDraft = { connections: {}, engines: {} };

const keyOf = (kind: ConnectionKind, id: string) => `${kind}:${id}`;

function applied(connection: ConnectionView, draft: ConfigurationDraft): ConnectionView {
  const wanted = draft.connections[keyOf(connection.kind, connection.id)];
  if (!wanted) return connection;
  const next = { ...connection, ...wanted };
  return { ...next, state: connectionState(next) };
}

/** The stored configuration as the tab shows it, with the draft's changes. */
export function configurationWithDraft(
  view: BotConfigurationView,
  draft: ConfigurationDraft,
): BotConfigurationView {
  const channels = view.channels.map((c) => applied(c, draft));
  return {
    ...view,
    channels,
    systems: view.systems.map((c) => applied(c, draft)),
    engines: view.engines.map((e) =>
      Object.hasOwn(draft.engines, e.id) ? { ...e, selectedProvider: draft.engines[e.id] ?? null } : e,
    ),
    limits: { ...view.limits, enabledChannels: channels.filter((c) => c.visible && c.enabled).length },
  };
}

/** The draft with one connection's flags changed; a change back to what is stored drops out. */
export function withConnection(
  draft: ConfigurationDraft,
  stored: ConnectionView,
  wanted: { visible: boolean; enabled: boolean },
): ConfigurationDraft {
  const connections = { ...draft.connections };
  const key = keyOf(stored.kind, stored.id);
  if (stored.visible === wanted.visible && (stored.enabled === wanted.enabled || !wanted.visible))
    delete connections[key];
  else connections[key] = wanted;
  return { ...draft, connections };
}

export function withEngine(
  draft: ConfigurationDraft,
  view: BotConfigurationView,
  categoryId: string,
  provider: string | null,
): ConfigurationDraft {
  const engines = { ...draft.engines };
  const stored = view.engines.find((e) => e.id === categoryId)?.selectedProvider ?? null;
  if (stored === provider) delete engines[categoryId];
  else engines[categoryId] = provider;
  return { ...draft, engines };
}

export const isDraftEmpty = (draft: ConfigurationDraft) =>
  Object.keys(draft.connections).length === 0 && Object.keys(draft.engines).length === 0;

/**
 * The save call's body: removals first (they free the plan's enabled channels), then
 * disablings, then additions and enablings, so a swap within the plan's maximum saves.
 */
export function configurationBody(
  view: BotConfigurationView,
  draft: ConfigurationDraft,
): BotConfigurationBody {
  const changes = (kind: ConnectionKind, list: readonly ConnectionView[]) => {
    const wanted = list.flatMap((stored) => {
      const want = draft.connections[keyOf(kind, stored.id)];
      return want ? [{ stored, want }] : [];
    });
    const rank = ({ want }: (typeof wanted)[number]) => (!want.visible ? 0 : !want.enabled ? 1 : 2);
    return wanted
      .sort((a, b) => rank(a) - rank(b))
      .map(({ stored, want }) =>
        !want.visible
          ? { name: stored.id, visible: false }
          : { name: stored.id, visible: true, enabled: want.enabled },
      );
  };
  const body: BotConfigurationBody = {};
  const channels = changes('channel', view.channels);
  const systems = changes('system', view.systems);
  const engines = Object.entries(draft.engines).map(([id, selectedProvider]) => ({ id, selectedProvider }));
  if (channels.length > 0) body.channels = channels;
  if (systems.length > 0) body.systems = systems;
  if (engines.length > 0) body.engines = engines;
  return body;
}

/** The entries the search dropdown offers: those not listed yet whose name holds the search text. */
export function addableConnections(list: readonly ConnectionView[], search: string): ConnectionView[] {
  const text = search.trim().toLowerCase();
  return list.filter((c) => !c.visible && (text === '' || c.name.toLowerCase().includes(text)));
}
