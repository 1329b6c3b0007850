/** The parts of NLP.js the comparison uses (it ships no types). */
declare module '@nlpjs/core' {
  export function containerBootstrap(): Promise<{
    use(plugin: unknown): void;
    get(name: 'nlp'): {
      settings: Record<string, unknown>;
      addLanguage(language: string): void;
      addDocument(language: string, text: string, intent: string): void;
      train(): Promise<void>;
      process(language: string, text: string): Promise<{ intent?: string; score?: number }>;
    };
  }>;
}
declare module '@nlpjs/nlp' {
  export const Nlp: unknown;
}
