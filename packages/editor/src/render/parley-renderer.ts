import BaseRenderer from 'diagram-js/lib/draw/BaseRenderer';
import { append as svgAppend, attr as svgAttr, create as svgCreate } from 'tiny-svg';
import { type CanvasElement, categoryOf, firstLanguageData } from '../block-data';
import { CATEGORY_COLOURS, taskCaption } from './task-caption';

interface BpmnRenderer {
  drawShape(parentGfx: SVGElement, element: unknown): SVGElement;
}
interface EventBus {
  on(event: string, priority: number, callback: (...args: unknown[]) => unknown): void;
}

const RENDER_PRIORITY = 1500;
const CAPTION_MAX_CHARS = 22;

/**
 * Tasks are drawn as bpmn-js draws them, plus a stripe in their category's colour and a caption
 * naming what the block does. Everything else is bpmn-js's drawing, so the flow still looks
 * like the BPMN it is.
 */
export class ParleyRenderer extends BaseRenderer {
  static $inject = ['eventBus', 'bpmnRenderer'];

  constructor(
    eventBus: EventBus,
    private readonly bpmnRenderer: BpmnRenderer,
  ) {
    super(eventBus as never, RENDER_PRIORITY);
  }

  override canRender(element: never): boolean {
    const shape = element as CanvasElement;
    return shape.type === 'bpmn:Task' && !shape.labelTarget;
  }

  override drawShape(parentGfx: SVGElement, element: never): SVGElement {
    const shape = element as CanvasElement;
    const drawn = this.bpmnRenderer.drawShape(parentGfx, shape);
    const category = categoryOf(shape.businessObject);
    const stripe = svgCreate('rect');
    svgAttr(stripe, {
      x: 0,
      y: 6,
      width: 5,
      height: Math.max(0, (shape.height ?? 80) - 12),
      fill: CATEGORY_COLOURS[category ?? ''] ?? '#64748b',
      class: 'parley-task-stripe',
    });
    svgAppend(parentGfx, stripe);
    const full = taskCaption(category, firstLanguageData(shape.businessObject));
    const caption = svgCreate('text');
    svgAttr(caption, { x: 9, y: 13, class: 'parley-task-caption' });
    caption.textContent = full.length > CAPTION_MAX_CHARS ? `${full.slice(0, CAPTION_MAX_CHARS - 1)}…` : full;
    const title = svgCreate('title');
    title.textContent = full;
    svgAppend(caption, title);
    svgAppend(parentGfx, caption);
    return drawn;
  }
}
