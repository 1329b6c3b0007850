import type { BotDetails, PermissionId } from '@parley/contracts';

/**
 * The save a settings tab offers (spec 04 section 2.3). The tab registers it while it is shown;
 * the frame then shows 'Save settings' when the caller has any of `anyOf` on the bot, disables
 * it while `save` runs and reports 'Saved!' or 'Error!' with the server's message.
 */
export interface SettingsSaveAction {
  save(): Promise<void>;
  /** The save is offered with any one of these permissions (NLU performance: 1 of 2). */
  anyOf: readonly PermissionId[];
}

/** What every settings tab receives (the same for every tab of the settings frame). */
export interface SettingsTabProps {
  /** The bot with its settings, loaded before any tab shows. */
  bot: BotDetails;
  /** The caller's permission ids on the bot. */
  permissions: readonly number[];
  /**
   * Registers the tab's save action, or withdraws it with undefined. Call it from an effect and
   * withdraw on unmount; the latest call wins.
   */
  registerSaveAction(action: SettingsSaveAction | undefined): void;
}
