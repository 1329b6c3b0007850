import type { ModdleObject } from './block-data';
import { CATEGORY_ATTR, CUSTOM_DATA_ATTR, customDataOf, withLanguages } from './block-data';
import { DEFAULT_CONFIG, type ParleyEditorConfig } from './editor-config';
import type { BlockTemplate } from './new-block';

interface BpmnFactory {
  create(type: string, attrs?: Record<string, unknown>): ModdleObject;
}
interface ElementFactory {
  createShape(attrs: { type: string; businessObject: ModdleObject }): unknown;
}
interface ElementRegistry {
  getAll(): { businessObject: ModdleObject }[];
}

/** Turns a palette or context-pad template into a shape with its Parley data in every language. */
export class BlockFactory {
  static $inject = ['bpmnFactory', 'elementFactory', 'elementRegistry', 'config.parley'];
  private readonly config: ParleyEditorConfig;

  constructor(
    private readonly bpmnFactory: BpmnFactory,
    private readonly elementFactory: ElementFactory,
    private readonly elementRegistry: ElementRegistry,
    config: ParleyEditorConfig | undefined,
  ) {
    this.config = config ?? DEFAULT_CONFIG;
  }

  createShape(template: BlockTemplate): unknown {
    const businessObject = this.bpmnFactory.create(template.type, { name: template.name || undefined });
    if (template.category) businessObject.set(CATEGORY_ATTR, template.category);
    if (template.data) {
      const customData = withLanguages(
        { [this.config.languages[0] ?? 'en']: template.data },
        this.config.languages,
      );
      businessObject.set(CUSTOM_DATA_ATTR, JSON.stringify(customData));
    }
    return this.elementFactory.createShape({ type: template.type, businessObject });
  }

  /** Every output variable name the flow's blocks declare, so new outputs do not clash. */
  usedOutputNames(): Set<string> {
    const used = new Set<string>();
    for (const element of this.elementRegistry.getAll()) {
      for (const data of Object.values(customDataOf(element.businessObject))) {
        const outputs = data['fc-output'];
        if (Array.isArray(outputs)) for (const name of outputs) if (typeof name === 'string') used.add(name);
      }
    }
    return used;
  }
}
