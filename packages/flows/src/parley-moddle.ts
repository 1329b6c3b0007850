/**
 * The Parley extension of BPMN: two attributes on every element, so one descriptor serves the
 * server (bpmn-moddle) and the web editor (bpmn-js `moddleExtensions: { parley }`). Plain data,
 * no imports, so the browser bundle can take it alone.
 */
export const PARLEY_MODDLE_URI = 'https://parley.dev/schema/bpmn/1';

export const parleyModdleDescriptor = {
  name: 'Parley',
  uri: PARLEY_MODDLE_URI,
  prefix: 'parley',
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  enumerations: [],
  types: [
    {
      name: 'BlockData',
      isAbstract: true,
      extends: ['bpmn:BaseElement'],
      properties: [
        // dialog | action | system | foodl | custom | llm (tasks only)
        { name: 'category', isAttr: true, type: 'String' },
        // JSON object keyed by language code: the block's customData in that language
        { name: 'customData', isAttr: true, type: 'String' },
      ],
    },
  ],
};
