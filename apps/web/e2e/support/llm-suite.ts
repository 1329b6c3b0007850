import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { afterAll } from 'vitest';
import { popupOf } from './accounts';
import { acmeWithAdmin } from './administration';
import { TINA } from './bot-content';
import { type BrowserSuite, browserSuite } from './browser-suite';
import { expectHidden } from './expect-page';

export interface LlmSuite extends BrowserSuite {
  /** The local OpenAI-protocol stand-in Parley's installation provider points at. */
  provider(): OpenAiProtocolServer | undefined;
  /** Writes a file into the suite's own folder (other browser tests write files of the same names). */
  file(name: string, content: string | Uint8Array): string;
  /** Dismisses the pop-up with its OK. */
  closePopup(): Promise<void>;
}

/**
 * What a browser test of the LLM screens starts from: Parley with OpenAI's variables pointing at
 * a local stand-in, Acme with Tina (its administrator) signed in, and a folder of its own.
 */
export function llmSuite(): LlmSuite {
  let provider: OpenAiProtocolServer | undefined;
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-llm-'));
  const suite = browserSuite({
    env: async () => {
      provider = await startOpenAiProtocolServer({ apiKey: 'sk-test' });
      return { OPENAI_BASE_URL: provider.url, OPENAI_API_KEY: 'sk-test' };
    },
    prepare: async (app) => {
      await acmeWithAdmin(app.server, TINA);
    },
    signedIn: TINA,
  }) as LlmSuite;
  afterAll(async () => provider?.close());
  suite.provider = () => provider;
  suite.file = (name, content) => {
    const at = path.join(folder, name);
    writeFileSync(at, content);
    return at;
  };
  suite.closePopup = async () => {
    await popupOf(suite.page).getByRole('button', { name: 'OK' }).click();
    await expectHidden(popupOf(suite.page));
  };
  return suite;
}
