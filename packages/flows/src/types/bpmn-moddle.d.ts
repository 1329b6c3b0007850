/** The part of bpmn-moddle (its main entry ships no types) that the flow engine uses. */
declare module 'bpmn-moddle' {
  /** Any element of the model; properties are read by name, as moddle does. */
  export interface ModdleElement {
    readonly $type: string;
    $attrs: Record<string, string>;
    get(name: string): unknown;
    set(name: string, value: unknown): void;
    [property: string]: unknown;
  }

  export interface ParseWarning {
    message: string;
    element?: ModdleElement;
    property?: string;
    /** The id an unresolved reference pointed at. */
    value?: string;
    error?: Error;
  }

  export interface FromXmlResult {
    rootElement: ModdleElement;
    warnings: ParseWarning[];
    elementsById: Record<string, ModdleElement>;
  }

  export class BpmnModdle {
    constructor(packages?: Record<string, object>, options?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string, options?: { lax?: boolean }): Promise<FromXmlResult>;
    toXML(
      element: ModdleElement,
      options?: { format?: boolean; preamble?: boolean },
    ): Promise<{ xml: string }>;
    create(type: string, attrs?: Record<string, unknown>): ModdleElement;
  }
}
