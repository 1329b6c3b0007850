import { el, safeUrl } from './dom';

/** A Submit action's answer: the card's inputs' values with the action's own data. */
export type CardSubmit = (values: Record<string, unknown>) => void;

type CardElement = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const items = (value: unknown): CardElement[] =>
  Array.isArray(value) ? value.filter((v): v is CardElement => typeof v === 'object' && v !== null) : [];

const TEXT_SIZES: Record<string, string> = {
  small: '12px',
  default: '14px',
  medium: '16px',
  large: '19px',
  extralarge: '23px',
};

/**
 * A reasonable subset of Adaptive Cards (adaptivecards.io), drawn with DOM calls: TextBlock,
 * RichTextBlock (its text runs), Image, Container, ColumnSet/Column, FactSet, ActionSet, and the
 * actions Action.Submit and Action.OpenUrl; inputs Input.Text, Input.Number, Input.Toggle and
 * Input.ChoiceSet (compact). Anything else is left out, never interpreted as markup.
 */
export function renderAdaptiveCard(card: CardElement, onSubmit: CardSubmit): HTMLElement {
  const inputs = new Map<string, () => unknown>();
  const root = el('div', { class: 'card' });
  for (const element of items(card.body)) {
    const drawn = drawElement(element, inputs, onSubmit);
    if (drawn) root.append(drawn);
  }
  const actions = drawActions(items(card.actions), inputs, onSubmit);
  if (actions) root.append(actions);
  return root;
}

function drawElement(
  element: CardElement,
  inputs: Map<string, () => unknown>,
  onSubmit: CardSubmit,
): HTMLElement | null {
  switch (element.type) {
    case 'TextBlock': {
      const block = el('p', { class: 'card-text' }, text(element.text));
      const size = TEXT_SIZES[text(element.size).toLowerCase()];
      if (size) block.style.fontSize = size;
      if (text(element.weight).toLowerCase() === 'bolder') block.style.fontWeight = '600';
      if (element.isSubtle === true) block.style.opacity = '0.7';
      return block;
    }
    case 'RichTextBlock':
      return el(
        'p',
        { class: 'card-text' },
        items(element.inlines)
          .map((run) => text(run.text))
          .join(''),
      );
    case 'Image': {
      const url = safeUrl(element.url, { isImage: true });
      return url ? el('img', { class: 'card-image', src: url, alt: text(element.altText) }) : null;
    }
    case 'Container': {
      const box = el('div', { class: 'card-container' });
      for (const child of items(element.items)) {
        const drawn = drawElement(child, inputs, onSubmit);
        if (drawn) box.append(drawn);
      }
      return box;
    }
    case 'ColumnSet': {
      const row = el('div', { class: 'card-columns' });
      for (const column of items(element.columns)) {
        const box = el('div', { class: 'card-column' });
        for (const child of items(column.items)) {
          const drawn = drawElement(child, inputs, onSubmit);
          if (drawn) box.append(drawn);
        }
        row.append(box);
      }
      return row;
    }
    case 'FactSet': {
      const list = el('dl', { class: 'card-facts' });
      for (const fact of items(element.facts))
        list.append(el('dt', {}, text(fact.title)), el('dd', {}, text(fact.value)));
      return list;
    }
    case 'ActionSet':
      return drawActions(items(element.actions), inputs, onSubmit);
    case 'Input.Text':
    case 'Input.Number':
      return drawTextInput(element, inputs);
    case 'Input.Toggle': {
      const id = text(element.id);
      const box = el('input', { type: 'checkbox' });
      box.checked = text(element.value) === text(element.valueOn || 'true');
      if (id)
        inputs.set(id, () =>
          box.checked ? text(element.valueOn) || 'true' : text(element.valueOff) || 'false',
        );
      return el('label', { class: 'card-toggle' }, box, text(element.title));
    }
    case 'Input.ChoiceSet': {
      const id = text(element.id);
      const select = el('select', {
        class: 'card-input',
        'aria-label': text(element.label) || text(element.placeholder) || id,
      });
      if (element.placeholder) select.append(el('option', { value: '' }, text(element.placeholder)));
      for (const choice of items(element.choices))
        select.append(el('option', { value: text(choice.value) }, text(choice.title)));
      if (typeof element.value === 'string') select.value = element.value;
      if (id) inputs.set(id, () => select.value);
      return labelled(element, select);
    }
    default:
      return null;
  }
}

function labelled(element: CardElement, control: HTMLElement): HTMLElement {
  const label = text(element.label);
  return label ? el('label', { class: 'card-label' }, label, control) : control;
}

function drawTextInput(element: CardElement, inputs: Map<string, () => unknown>): HTMLElement {
  const id = text(element.id);
  const isNumber = element.type === 'Input.Number';
  const attributes: Record<string, string> = {
    class: 'card-input',
    type: isNumber ? 'number' : 'text',
    placeholder: text(element.placeholder),
    'aria-label': text(element.label) || text(element.placeholder) || id,
  };
  const control =
    element.isMultiline === true ? el('textarea', { ...attributes, rows: '3' }) : el('input', attributes);
  if (typeof element.value === 'string' || typeof element.value === 'number')
    control.value = String(element.value);
  if (typeof element.maxLength === 'number') control.setAttribute('maxlength', String(element.maxLength));
  if (id) inputs.set(id, () => (isNumber && control.value !== '' ? Number(control.value) : control.value));
  return labelled(element, control);
}

function drawActions(
  actions: CardElement[],
  inputs: Map<string, () => unknown>,
  onSubmit: CardSubmit,
): HTMLElement | null {
  if (actions.length === 0) return null;
  const row = el('div', { class: 'card-actions' });
  for (const action of actions) {
    const title = text(action.title) || 'Open';
    if (action.type === 'Action.Submit') {
      const button = el('button', { type: 'button', class: 'choice' }, title);
      button.addEventListener('click', () => {
        const values: Record<string, unknown> = {};
        for (const [id, read] of inputs) values[id] = read();
        const data =
          typeof action.data === 'object' && action.data !== null
            ? (action.data as Record<string, unknown>)
            : {};
        onSubmit({ ...values, ...data });
        // A card is answered once: its controls rest as they were sent.
        const card = row.closest('.card') ?? row;
        for (const control of Array.from(card.querySelectorAll('button, input, select, textarea')))
          (control as HTMLButtonElement).disabled = true;
      });
      row.append(button);
    } else if (action.type === 'Action.OpenUrl') {
      const url = safeUrl(action.url);
      if (url)
        row.append(
          el('a', { class: 'choice', href: url, target: '_blank', rel: 'noopener noreferrer' }, title),
        );
    }
  }
  return row;
}
