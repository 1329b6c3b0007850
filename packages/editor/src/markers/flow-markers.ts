interface Overlays {
  add(
    elementId: string,
    type: string,
    overlay: { position: Record<string, number>; html: HTMLElement },
  ): string;
  remove(filter: { type: string }): void;
}
interface Canvas {
  addMarker(elementId: string, marker: string): void;
  removeMarker(elementId: string, marker: string): void;
}
interface ElementRegistry {
  get(id: string): unknown;
}

const ERRORS = 'parley-errors';
const HITS = 'parley-hits';
export const ERROR_MARKER = 'parley-has-errors';

const element = (tag: string, className: string, text?: string) => {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/** The error box of one block (spec 03 section 4.3): 'Errors', the first message, '+ N error'; expandable and closable. */
function errorBox(messages: readonly string[]): HTMLElement {
  const box = element('div', 'parley-error-box');
  box.setAttribute('role', 'note');
  const header = element('div', 'parley-error-box__header');
  header.append(element('strong', '', 'Errors'));
  const close = element('button', 'parley-error-box__close', '×');
  close.setAttribute('aria-label', 'Close the errors');
  close.addEventListener('click', () => box.remove());
  header.append(close);
  box.append(header);
  const list = element('ul', 'parley-error-box__list');
  const render = (all: boolean) => {
    list.replaceChildren(
      ...(all ? messages : messages.slice(0, 1)).map((message) => element('li', '', message)),
    );
  };
  render(false);
  box.append(list);
  if (messages.length > 1) {
    const more = element('button', 'parley-error-box__more', `+ ${messages.length - 1} error`);
    more.addEventListener('click', () => {
      render(true);
      more.remove();
    });
    box.append(more);
  }
  return box;
}

/**
 * What the editor draws over blocks: validation errors (orange outline and error box) and
 * statistics (hits per block). Messages are set as text, never as markup.
 */
export class FlowMarkers {
  static $inject = ['overlays', 'canvas', 'elementRegistry'];
  private marked: string[] = [];

  constructor(
    private readonly overlays: Overlays,
    private readonly canvas: Canvas,
    private readonly elementRegistry: ElementRegistry,
  ) {}

  /** Replaces the shown errors; blocks not in the map lose theirs. */
  showErrors(errorsByBlock: ReadonlyMap<string, readonly string[]>): void {
    this.overlays.remove({ type: ERRORS });
    for (const id of this.marked) {
      // A block deleted since, or one of a flow opened before, has no element any more; diagram-js
      // throws on a marker of an unknown id (a save that had stored the flow then said it failed).
      if (this.elementRegistry.get(id)) this.canvas.removeMarker(id, ERROR_MARKER);
    }
    this.marked = [];
    for (const [id, messages] of errorsByBlock) {
      if (messages.length === 0 || !this.elementRegistry.get(id)) continue;
      this.canvas.addMarker(id, ERROR_MARKER);
      this.marked.push(id);
      this.overlays.add(id, ERRORS, { position: { bottom: -6, left: 0 }, html: errorBox(messages) });
    }
  }

  /** Replaces the shown statistics: a hit count on each block that has one (spec 03 section 3.6). */
  showHits(hitsByBlock: ReadonlyMap<string, number> | null): void {
    this.overlays.remove({ type: HITS });
    if (!hitsByBlock) return;
    for (const [id, hits] of hitsByBlock) {
      if (!this.elementRegistry.get(id)) continue;
      const badge = element('div', 'parley-hits', hits.toLocaleString('en'));
      badge.title = `${hits.toLocaleString('en')} ${hits === 1 ? 'hit' : 'hits'}`;
      badge.setAttribute('aria-label', badge.title);
      this.overlays.add(id, HITS, { position: { top: -12, right: 12 }, html: badge });
    }
  }
}
