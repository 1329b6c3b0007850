import type { OutboundActivity, WidgetConfig, WidgetConversationStarted } from '@parley/contracts';
import {
  DEFAULT_SNIPPET_SETTINGS,
  SNIPPET_MESSAGES,
  WIDGET_UPLOAD_ACCEPT,
  WIDGET_UPLOAD_MAX_BYTES,
  widgetUploadExtensionOf,
} from '../../contracts/src/schemas/snippet-model';
import { renderAdaptiveCard } from './adaptive-card';
import { botFileUrl, type MountOptions, startConversation, uploadFile, WidgetRefused } from './api';
import { type TurnEvent, VisitorConnection } from './connection';
import { el, ICONS, icon, safeUrl } from './dom';
import { keepOpen, keepVisitor, keptVisitor, wasOpen } from './storage';
import { WIDGET_CSS } from './styles';

const CARD_SUBMIT_EVENT = 'adaptiveCard.submit';
/** The GDPR removal request (REMOVE_USER_DATA_EVENT of @parley/contracts, kept here to keep the script small). */
const REMOVE_USER_DATA_EVENT = 'removeUserData';
const TEXT_MAX = 4000;

type HistoryEntry = WidgetConversationStarted['history'][number];

interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}

/** The browser's speech recognition, where it has one (the microphone button needs it). */
function speechRecognition(): (new () => SpeechRecognitionLike) | undefined {
  const w = window as unknown as Record<string, unknown>;
  return (w.SpeechRecognition ?? w.webkitSpeechRecognition) as (new () => SpeechRecognitionLike) | undefined;
}

/**
 * One chat bubble on a page: the launcher, popup messages, the chat window and its conversation.
 * Everything lives in a shadow root on one host element; all text goes in as textContent.
 */
export class ChatWidget {
  readonly host: HTMLElement;
  private readonly shadow: ShadowRoot;
  private readonly root: HTMLElement;
  private readonly window: HTMLElement;
  private readonly log: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly status: HTMLElement;
  private readonly launcher: HTMLButtonElement | undefined;
  private readonly badge: HTMLElement;
  private readonly sizeButton: HTMLButtonElement;
  private connection: VisitorConnection | undefined;
  private starting: Promise<void> | undefined;
  private isOpen = false;
  private unread = 0;
  private screen: 'big' | 'small';
  private popups: HTMLElement[] = [];
  private popupTimers: Array<ReturnType<typeof setTimeout>> = [];
  /** Bot activities are shown one after the other, `responseDelayMs` apart. */
  private showing: Promise<void> = Promise.resolve();
  private isRefused = false;
  /** Messages this tab sent and showed whose turns have not come back yet. */
  private unconfirmed = 0;
  private visitorToken: string | undefined;

  constructor(
    private readonly options: MountOptions,
    private readonly config: WidgetConfig,
  ) {
    const { settings } = config;
    this.screen = settings.defaultChatScreen;
    this.host = el('div', { 'data-parley-chat': options.token });
    this.shadow = this.host.attachShadow({ mode: 'open' });
    this.shadow.append(el('style', {}, WIDGET_CSS));
    this.host.style.setProperty(
      '--main',
      settings.isMainColor ? settings.mainColor : DEFAULT_SNIPPET_SETTINGS.mainColor,
    );
    this.host.style.setProperty(
      '--main-text',
      settings.isMainTextColor ? settings.mainTextColor : DEFAULT_SNIPPET_SETTINGS.mainTextColor,
    );

    const windowId = `parley-chat-window`;
    const title = settings.title || config.displayName;
    this.status = el('div', { class: 'status', role: 'status' });
    this.log = el('div', {
      class: 'log',
      role: 'log',
      'aria-live': 'polite',
      'aria-label': 'Conversation',
      tabindex: '0',
    });
    this.input = el('textarea', {
      rows: '1',
      'aria-label': 'Type your message',
      placeholder: 'Type your message…',
      maxlength: String(TEXT_MAX),
    });
    this.sizeButton = el('button', { type: 'button' });
    const closeButton = el('button', { type: 'button', 'aria-label': 'Close chat' }, icon(ICONS.close));
    // GDPR: where the bot allows it, the visitor may have their messages and data removed.
    const removeButton = config.canRemoveUserData
      ? el(
          'button',
          { type: 'button', 'aria-label': 'Delete my data', title: 'Delete my data' },
          icon(ICONS.trash),
        )
      : null;
    removeButton?.addEventListener('click', () => {
      if (!window.confirm('Delete your messages and everything this chat remembers about you?')) return;
      // What was said goes from the page too; the bot's answer confirms the removal.
      this.log.replaceChildren();
      this.say({ type: 'event', name: REMOVE_USER_DATA_EVENT }, undefined);
    });
    const avatar = safeUrl(config.avatarUrl);
    const head = el(
      'div',
      { class: 'head' },
      avatar ? el('img', { src: avatar, alt: '' }) : null,
      el('h2', { id: 'parley-chat-title' }, title),
      removeButton,
      this.sizeButton,
      // Without the bubble button there is nothing to come back to: the chat stays open.
      settings.hasButton ? closeButton : null,
    );
    const compose = this.composer(settings.hasMicButton, settings.hasUploadButton);
    this.window = el(
      'div',
      { class: 'window', id: windowId, role: 'dialog', 'aria-labelledby': 'parley-chat-title', hidden: '' },
      head,
      this.log,
      this.status,
      compose,
    );
    this.badge = el('span', { class: 'badge', hidden: '' });
    if (settings.hasButton) {
      const bubbleIcon = safeUrl(config.bubbleIconUrl);
      this.launcher = el(
        'button',
        { type: 'button', class: 'launcher', 'aria-controls': windowId, 'aria-expanded': 'false' },
        bubbleIcon ? el('img', { src: bubbleIcon, alt: '' }) : icon(ICONS.chat),
        this.badge,
      );
      this.launcher.addEventListener('click', () => (this.isOpen ? this.close() : this.open()));
    }
    this.root = el(
      'div',
      { class: 'root', 'data-position': settings.position },
      this.window,
      this.launcher ?? null,
    );
    this.shadow.append(this.root);
    this.updateLauncherLabel();
    this.updateSizeButton();

    closeButton.addEventListener('click', () => this.close());
    this.sizeButton.addEventListener('click', () => {
      this.screen = this.screen === 'big' ? 'small' : 'big';
      this.updateSizeButton();
    });
    this.window.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        this.close();
      }
    });
  }

  /** Shows the widget; opens the chat when it was open on the site's last page, or has no launcher. */
  mount(): void {
    document.body.append(this.host);
    const kept = keptVisitor(this.options.token);
    if (wasOpen(this.options.token) || !this.launcher) this.open({ isFocused: false });
    // A kept conversation reconnects at once: the bot's messages while closed count as unread.
    else if (kept.conversationId) void this.ensureConversation();
    if (this.config.settings.hasPopupMessages && !this.isOpen) this.schedulePopups();
  }

  open({ isFocused = true } = {}): void {
    if (this.isRefused) return;
    this.isOpen = true;
    this.window.hidden = false;
    this.launcher?.setAttribute('aria-expanded', 'true');
    keepOpen(this.options.token, true);
    this.unread = 0;
    this.updateLauncherLabel();
    this.clearPopups();
    if (isFocused) this.input.focus();
    this.scrollDown();
    void this.ensureConversation();
  }

  close(): void {
    if (!this.launcher) return;
    this.isOpen = false;
    this.window.hidden = true;
    this.launcher.setAttribute('aria-expanded', 'false');
    keepOpen(this.options.token, false);
    this.launcher.focus();
  }

  private composer(hasMicButton: boolean, hasUploadButton: boolean): HTMLElement {
    const send = el('button', { type: 'submit', class: 'send', 'aria-label': 'Send' }, icon(ICONS.send));
    const form = el('form', { class: 'compose' });
    if (hasUploadButton) form.append(this.uploadButton());
    form.append(this.input);
    const Recognition = hasMicButton ? speechRecognition() : undefined;
    if (Recognition) {
      const mic = el(
        'button',
        { type: 'button', class: 'mic', 'aria-label': 'Speak your message', 'aria-pressed': 'false' },
        icon(ICONS.mic),
      );
      let recognition: SpeechRecognitionLike | undefined;
      mic.addEventListener('click', () => {
        if (recognition) {
          recognition.stop();
          return;
        }
        recognition = new Recognition();
        recognition.lang = document.documentElement.lang || 'en';
        recognition.interimResults = false;
        recognition.onresult = (event) => {
          const heard = Array.from(event.results)
            .map((result) => result[0]?.transcript ?? '')
            .join(' ')
            .trim();
          if (heard) this.input.value = heard;
        };
        recognition.onend = () => {
          recognition = undefined;
          mic.setAttribute('aria-pressed', 'false');
          this.input.focus();
        };
        mic.setAttribute('aria-pressed', 'true');
        recognition.start();
      });
      form.append(mic);
    }
    form.append(send);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.sendText();
    });
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.sendText();
      }
    });
    return form;
  }

  private uploadButton(): HTMLElement {
    const chooser = el('input', {
      type: 'file',
      accept: WIDGET_UPLOAD_ACCEPT,
      class: 'sr',
      tabindex: '-1',
      'aria-hidden': 'true',
    });
    const button = el(
      'button',
      { type: 'button', class: 'mic', 'aria-label': 'Send a file' },
      icon(ICONS.clip),
    );
    button.addEventListener('click', () => chooser.click());
    chooser.addEventListener('change', () => {
      const file = chooser.files?.[0];
      chooser.value = '';
      if (file) void this.sendFile(file);
    });
    return el('span', {}, chooser, button);
  }

  /** A picture or PDF the visitor chose: checked here, uploaded, then sent as an attachment. */
  private async sendFile(file: File): Promise<void> {
    const note = (text: string) => this.append(el('div', { class: 'msg note', role: 'alert' }, text));
    if (!widgetUploadExtensionOf(file.name)) return note(SNIPPET_MESSAGES.uploadType);
    if (file.size > WIDGET_UPLOAD_MAX_BYTES) return note(SNIPPET_MESSAGES.uploadTooBig);
    await this.ensureConversation();
    if (!this.visitorToken) return;
    try {
      const uploaded = await uploadFile(this.options, this.visitorToken, file);
      this.append(this.fileMessage('user', uploaded.url, uploaded.name));
      this.unconfirmed += 1;
      this.connection?.say({ type: 'attachment', files: [uploaded] });
    } catch (error) {
      note(error instanceof Error ? error.message : 'The file could not be sent.');
    }
  }

  /** A file in the conversation: a picture shown, anything else a link. */
  private fileMessage(from: 'user' | 'bot', url: string, name: string): HTMLElement {
    const isImage = /\.(png|jpe?g|gif|webp)$/i.test(name);
    const safe = safeUrl(url);
    if (!safe) return el('div', { class: `msg ${from}` }, name);
    return el(
      'div',
      { class: `msg ${from}` },
      isImage
        ? el('img', { src: safe, alt: name })
        : el('a', { href: safe, target: '_blank', rel: 'noopener noreferrer', class: 'file' }, `📎 ${name}`),
    );
  }

  private sendText(): void {
    const text = this.input.value.trim();
    if (!text) return;
    this.input.value = '';
    this.say({ type: 'text', text }, text);
  }

  /** What the visitor says: shown at once, sent once the conversation is there. */
  private say(activity: Record<string, unknown>, shown: string | undefined): void {
    if (shown !== undefined) this.append(el('div', { class: 'msg user' }, shown));
    this.unconfirmed += 1;
    void this.ensureConversation().then(() => this.connection?.say(activity));
  }

  private ensureConversation(): Promise<void> {
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = undefined;
      this.refuseOrRetry(error);
    });
    return this.starting;
  }

  private async start(): Promise<void> {
    this.setStatus('Connecting…');
    const started = await this.startOrContinue();
    this.renderHistory(started.history);
    const topic = {
      kind: 'conversation' as const,
      botId: started.botId,
      conversationId: started.conversationId,
    };
    this.connection = new VisitorConnection(this.options.websocketUrl, started.visitorToken, topic, {
      onTurn: (turn) => {
        this.showSaid(turn.said);
        this.showTurn(turn.activities, turn.responseDelayMs);
      },
      onState: (state) =>
        this.setStatus(state === 'online' ? '' : state === 'connecting' ? 'Connecting…' : 'Reconnecting…'),
      onSessionEnded: () => void this.renew(),
      onError: (message) => this.append(el('div', { class: 'msg note' }, message)),
    });
    this.connection.start();
  }

  private async startOrContinue(): Promise<WidgetConversationStarted> {
    const kept = keptVisitor(this.options.token);
    const language = (document.documentElement.lang || navigator.language).slice(0, 35);
    const started = await startConversation(this.options, { ...kept, ...(language ? { language } : {}) });
    this.visitorToken = started.visitorToken;
    keepVisitor(this.options.token, {
      visitorKey: started.visitorKey,
      conversationId: started.conversationId,
    });
    return started;
  }

  /** The socket's token ran out (or the snippet changed): a new one for the same conversation. */
  private async renew(): Promise<void> {
    try {
      const kept = keptVisitor(this.options.token);
      const started = await this.startOrContinue();
      if (started.conversationId !== kept.conversationId) {
        this.log.replaceChildren();
        this.renderHistory(started.history);
        this.connection?.stop();
        this.connection = undefined;
        this.starting = undefined;
        await this.ensureConversation();
        return;
      }
      this.connection?.renew(started.visitorToken);
    } catch (error) {
      this.refuseOrRetry(error);
    }
  }

  private refuseOrRetry(error: unknown): void {
    if (error instanceof WidgetRefused) {
      this.isRefused = true;
      this.connection?.stop();
      this.setStatus(error.message);
      // Nothing said here would reach anyone any more.
      for (const control of Array.from(this.window.querySelectorAll('.compose textarea, .compose button')))
        (control as HTMLTextAreaElement).disabled = true;
      return;
    }
    this.setStatus('The chat cannot be reached. Trying again…');
    setTimeout(() => {
      if (!this.connection) void this.ensureConversation();
      else void this.renew();
    }, 5000);
  }

  private renderHistory(history: HistoryEntry[]): void {
    if (this.log.childElementCount > 0 && history.length === 0) return;
    this.log.replaceChildren();
    history.forEach((entry, index) => {
      const isLast = index === history.length - 1;
      if (entry.from === 'user') {
        const activity = entry.activity as {
          text?: unknown;
          files?: Array<{ url?: unknown; name?: unknown }>;
        };
        if (typeof activity.text === 'string')
          this.append(el('div', { class: 'msg user' }, activity.text), false);
        for (const file of Array.isArray(activity.files) ? activity.files : []) {
          if (typeof file.url === 'string' && typeof file.name === 'string')
            this.append(this.fileMessage('user', file.url, file.name), false);
        }
      } else {
        this.showActivity(entry.activity as OutboundActivity, isLast, false);
      }
    });
    this.scrollDown();
  }

  /**
   * What the visitor said, as a turn brings it back: already shown when this tab sent it; shown
   * now when they said it in another tab of the site (the same conversation).
   */
  private showSaid(said: TurnEvent['said']): void {
    if (!said) return;
    if (this.unconfirmed > 0) {
      this.unconfirmed -= 1;
      return;
    }
    if (typeof said.text === 'string' && (said.type === 'text' || said.type === 'click'))
      this.append(el('div', { class: 'msg user' }, said.text));
    for (const file of said.files ?? [])
      if (typeof file.url === 'string' && typeof file.name === 'string')
        this.append(this.fileMessage('user', file.url, file.name));
  }

  private showTurn(activities: OutboundActivity[], delayMs: number): void {
    activities.forEach((activity, index) => {
      this.showing = this.showing.then(async () => {
        if (index > 0 && delayMs > 0) await new Promise((done) => setTimeout(done, delayMs));
        this.showActivity(activity, true, true);
      });
    });
  }

  /** One activity of the bot; buttons of old messages are shown, but only the newest can be pressed. */
  private showActivity(activity: OutboundActivity, isCurrent: boolean, isNew: boolean): void {
    const drawn = this.draw(activity, isCurrent);
    if (!drawn) return;
    this.append(drawn);
    if (isNew && !this.isOpen) {
      this.unread += 1;
      this.updateLauncherLabel();
    }
  }

  private draw(activity: OutboundActivity, isCurrent: boolean): HTMLElement | undefined {
    switch (activity.type) {
      case 'text':
        return el('div', { class: 'msg bot' }, activity.text);
      case 'image': {
        const url = safeUrl(activity.url, { isImage: true });
        return url
          ? el('div', { class: 'msg bot' }, el('img', { src: url, alt: 'Image from the bot' }))
          : undefined;
      }
      case 'options': {
        const image = safeUrl(activity.image, { isImage: true });
        return el(
          'div',
          { class: image ? 'msg bot hero' : 'msg bot' },
          image ? el('img', { src: image, alt: '' }) : null,
          activity.text,
          this.choices(activity.options, isCurrent),
        );
      }
      case 'rating':
        return el('div', { class: 'msg bot' }, activity.text, this.stars(activity.options, isCurrent));
      case 'attachment':
        return this.fileMessage('bot', botFileUrl(this.options, activity.fileId), activity.name);
      case 'adaptiveCard':
        return el(
          'div',
          { class: 'msg bot card-msg' },
          renderAdaptiveCard(activity.card, (value) => {
            this.append(el('div', { class: 'msg note' }, 'Sent'));
            this.say({ type: 'event', name: CARD_SUBMIT_EVENT, value }, undefined);
          }),
        );
      case 'event':
        if (activity.name === 'endOfConversation')
          return el('div', { class: 'msg note' }, 'The conversation has ended.');
        if (activity.name === 'handover')
          return el('div', { class: 'msg note' }, 'You are being put through to a person.');
        return undefined;
      default:
        return undefined;
    }
  }

  private choices(options: string[], isCurrent: boolean): HTMLElement {
    const row = el('div', { class: 'choices', role: 'group', 'aria-label': 'Choices' });
    for (const option of options) {
      const button = el('button', { type: 'button', class: 'choice' }, option);
      button.disabled = !isCurrent;
      button.addEventListener('click', () => {
        for (const b of Array.from(row.querySelectorAll('button'))) b.disabled = true;
        this.say({ type: 'click', text: option }, option);
      });
      row.append(button);
    }
    return row;
  }

  /** A rating: stars when its answers are numbers (1-5), else its answers' words as buttons. */
  private stars(options: string[], isCurrent: boolean): HTMLElement {
    if (!options.every((option) => /^\d+$/.test(option.trim()))) {
      const choices = this.choices(options, isCurrent);
      choices.setAttribute('aria-label', 'Rating');
      return choices;
    }
    const row = el('div', { class: 'stars', role: 'group', 'aria-label': 'Rating' });
    options.forEach((option, index) => {
      const button = el(
        'button',
        { type: 'button', 'aria-label': `Rate ${option} of ${options.length}` },
        icon(ICONS.star),
      );
      button.disabled = !isCurrent;
      button.addEventListener('click', () => {
        row.querySelectorAll('button').forEach((b, i) => {
          b.disabled = true;
          b.classList.toggle('on', i <= index);
        });
        this.say({ type: 'click', text: option }, option);
      });
      row.append(button);
    });
    return row;
  }

  private append(node: HTMLElement, isScrolled = true): void {
    this.log.append(node);
    if (isScrolled) this.scrollDown();
  }

  private scrollDown(): void {
    this.log.scrollTop = this.log.scrollHeight;
  }

  private setStatus(text: string): void {
    this.status.textContent = text;
    this.status.hidden = text === '';
  }

  private updateLauncherLabel(): void {
    if (!this.launcher) return;
    const title = this.config.settings.title || this.config.displayName;
    const hasBadge = this.config.settings.showNotificationMessage && this.unread > 0;
    this.badge.hidden = !hasBadge;
    this.badge.textContent = hasBadge ? String(this.unread) : '';
    this.launcher.setAttribute(
      'aria-label',
      // A stable name; aria-expanded says whether the chat is open.
      `Chat: ${title}${hasBadge ? ` (${this.unread} new)` : ''}`,
    );
  }

  private updateSizeButton(): void {
    this.window.dataset.screen = this.screen;
    this.sizeButton.replaceChildren(icon(this.screen === 'big' ? ICONS.shrink : ICONS.expand));
    this.sizeButton.setAttribute(
      'aria-label',
      this.screen === 'big' ? 'Make the chat smaller' : 'Make the chat bigger',
    );
  }

  private schedulePopups(): void {
    for (const popup of this.config.settings.popupMessages) {
      this.popupTimers.push(
        setTimeout(() => {
          if (this.isOpen || this.isRefused) return;
          const dismiss = el(
            'button',
            { type: 'button', class: 'dismiss', 'aria-label': 'Dismiss message' },
            icon(ICONS.close),
          );
          // The message itself opens the chat, with the keyboard too.
          const text = el('button', { type: 'button', class: 'popup-text' }, popup.message);
          const box = el('div', { class: 'popup', role: 'status' }, text, dismiss);
          text.addEventListener('click', () => this.open());
          dismiss.addEventListener('click', () => {
            box.remove();
            this.launcher?.focus();
          });
          this.popups.push(box);
          this.root.insertBefore(box, this.launcher ?? null);
        }, popup.delay * 1000),
      );
    }
  }

  private clearPopups(): void {
    for (const timer of this.popupTimers) clearTimeout(timer);
    this.popupTimers = [];
    for (const popup of this.popups) popup.remove();
    this.popups = [];
  }
}
