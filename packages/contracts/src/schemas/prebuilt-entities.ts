import type { EngineId } from './engines';

/**
 * The prebuilt entities (spec 02 section 3), declared once: the read-only examples the
 * Entities screen shows, the engines that recognise each (the 'Supported by' strip) and the
 * engine-specific type names of the two engines whose publishing maps them (CLU prebuilt
 * components and Dialogflow system entities). Every bot has all thirteen; they cannot be
 * created, changed or deleted.
 */
export interface PrebuiltEntityDefinition {
  name: string;
  examples: readonly string[];
  supportedBy: readonly EngineId[];
  engineTypes: { clu: string; dialogflow: string };
}

export const PREBUILT_ENTITIES = [
  {
    name: 'Age',
    examples: ['5 years old', '3 months', 'a 90 day old baby', 'she is 24'],
    supportedBy: ['parley', 'clu', 'luis', 'dialogflow', 'wit'],
    engineTypes: { clu: 'Age', dialogflow: '@sys.age' },
  },
  {
    name: 'Date',
    examples: ['tomorrow', 'next Monday', 'March 3rd 2025', 'in two weeks', 'yesterday at 5pm'],
    supportedBy: ['parley', 'clu', 'luis', 'watson', 'dialogflow', 'lex', 'wit', 'nuance', 'stanford'],
    engineTypes: { clu: 'DateTime', dialogflow: '@sys.date-time' },
  },
  {
    name: 'Dimension',
    examples: ['3 meters', '10 km', '5 kilograms', '2 gallons', '300 square feet'],
    supportedBy: ['parley', 'clu', 'luis', 'dialogflow', 'wit'],
    engineTypes: { clu: 'Dimension', dialogflow: '@sys.unit-length' },
  },
  {
    name: 'Email',
    examples: ['user@example.com', 'first.last@company.org'],
    supportedBy: ['parley', 'clu', 'luis', 'dialogflow', 'lex', 'wit', 'stanford'],
    engineTypes: { clu: 'Email', dialogflow: '@sys.email' },
  },
  {
    name: 'Location',
    examples: ['Paris', 'New York', 'Germany', 'Lake Geneva'],
    supportedBy: ['clu', 'luis', 'watson', 'dialogflow', 'lex', 'wit', 'stanford'],
    engineTypes: { clu: 'Geography.Location', dialogflow: '@sys.location' },
  },
  {
    name: 'Currency',
    examples: ['$10', '25 euros', '3.50 GBP', 'a hundred dollars'],
    supportedBy: ['parley', 'clu', 'luis', 'watson', 'dialogflow', 'wit', 'nuance', 'stanford'],
    engineTypes: { clu: 'Currency', dialogflow: '@sys.unit-currency' },
  },
  {
    name: 'Number',
    examples: ['42', 'three', '1,000', 'twenty five', '3.14'],
    supportedBy: ['parley', 'clu', 'luis', 'watson', 'dialogflow', 'lex', 'wit', 'nuance', 'stanford'],
    engineTypes: { clu: 'Number', dialogflow: '@sys.number' },
  },
  {
    name: 'Ordinal',
    examples: ['first', '2nd', 'third', 'last', 'the 10th'],
    supportedBy: ['parley', 'clu', 'luis', 'dialogflow', 'wit', 'nuance', 'stanford'],
    engineTypes: { clu: 'Ordinal', dialogflow: '@sys.ordinal' },
  },
  {
    name: 'Percentage',
    examples: ['10%', '5 percent', 'fifty per cent'],
    supportedBy: ['parley', 'clu', 'luis', 'watson', 'dialogflow', 'lex', 'stanford'],
    engineTypes: { clu: 'Percentage', dialogflow: '@sys.percentage' },
  },
  {
    name: 'PersonalName',
    examples: ['John Smith', 'Maria', 'Dr. Jane Doe'],
    supportedBy: ['clu', 'luis', 'watson', 'dialogflow', 'lex', 'wit', 'stanford'],
    engineTypes: { clu: 'Person.Name', dialogflow: '@sys.person' },
  },
  {
    name: 'PhoneNumber',
    examples: ['+1 555 123 4567', '(020) 7946 0018', '555-0100'],
    supportedBy: ['parley', 'clu', 'luis', 'dialogflow', 'lex', 'wit'],
    engineTypes: { clu: 'PhoneNumber', dialogflow: '@sys.phone-number' },
  },
  {
    name: 'Temperature',
    examples: ['20 degrees celsius', '75°F', 'minus 5 degrees'],
    supportedBy: ['parley', 'clu', 'luis', 'dialogflow', 'wit'],
    engineTypes: { clu: 'Temperature', dialogflow: '@sys.temperature' },
  },
  {
    name: 'Url',
    examples: ['https://www.example.com', 'example.org/help', 'www.parley.dev'],
    supportedBy: ['parley', 'clu', 'luis', 'dialogflow', 'wit', 'stanford'],
    engineTypes: { clu: 'URL', dialogflow: '@sys.url' },
  },
] as const satisfies readonly PrebuiltEntityDefinition[];

export type PrebuiltEntityName = (typeof PREBUILT_ENTITIES)[number]['name'];

const prebuiltByKey = new Map<string, PrebuiltEntityDefinition>(
  PREBUILT_ENTITIES.map((p) => [p.name.toLowerCase(), p]),
);

/** The prebuilt entity of a name, ignoring case (custom names may not take these). */
export function prebuiltEntityNamed(name: string): PrebuiltEntityDefinition | undefined {
  return prebuiltByKey.get(name.trim().toLowerCase());
}
