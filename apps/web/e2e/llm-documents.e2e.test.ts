import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LLM_MESSAGES } from '@parley/contracts';
import { type OpenAiProtocolServer, startOpenAiProtocolServer } from '@parley/llm/testing';
import { makeDocx, makePdf } from '@parley/retrieval/testing';
import { afterAll, describe, expect, test } from 'vitest';
import { as, expectStatus } from '../../server/test/support/admin-world';
import { popupOf } from './support/accounts';
import { acmeWithAdmin } from './support/administration';
import { browserSuite } from './support/browser-suite';
import { expectHidden, expectVisible } from './support/expect-page';
import { screenshot } from './support/screenshots';

const TINA = { email: 'tina@example.com', password: 'Tenant-Admin-1!', name: 'Tina Admin' };

/** The company's site, served on this machine: a page about bicycles and one it links to. */
async function startSite() {
  const pages: Record<string, string> = {
    '/robots.txt': 'User-agent: *\nAllow: /\n',
    '/': `<html><head><title>Getting here</title></head><body><main><article><h1>Getting here</h1>
      <p>Bicycles are parked in the covered racks beside the north gate, free of charge for everyone.</p>
      <p>See also <a href="/trains">trains</a>.</p></article></main></body></html>`,
    '/trains': `<html><head><title>Trains</title></head><body><main><article><h1>Trains</h1>
      <p>The nearest train station is Parkside, a seven minute walk from reception.</p></article></main></body></html>`,
  };
  const server = http.createServer((request, response) => {
    const page = pages[request.url ?? ''];
    if (!page) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': request.url === '/robots.txt' ? 'text/plain' : 'text/html' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue 23's Chromium walk with real documents: a PDF, a DOCX and a URL served locally are added
 * on the Data tab, trained with progress, and the Test tab's answers name the page, the document
 * and the address they came from.
 */
describe('an LLM answers from a PDF, a DOCX and a web site', () => {
  let provider: OpenAiProtocolServer | undefined;
  let site: Awaited<ReturnType<typeof startSite>> | undefined;
  let llmId = '';
  const folder = mkdtempSync(path.join(tmpdir(), 'llm-documents-'));
  const s = browserSuite({
    env: async () => {
      provider = await startOpenAiProtocolServer({ apiKey: 'sk-docs' });
      site = await startSite();
      // The operator lets Parley read this machine's site (the SSRF guard's setting).
      return {
        OPENAI_BASE_URL: provider.url,
        OPENAI_API_KEY: 'sk-docs',
        FUNCTIONS_ALLOW_PRIVATE_NETWORKS: 'true',
      };
    },
    prepare: async (app) => {
      await acmeWithAdmin(app.server, TINA);
      const { token } = await app.server.login(TINA.email, TINA.password);
      const created = await as(app.server, token)('POST', '/api/llm/create', {
        llmDisplayName: 'Visitor guide',
        llmProvider: 'openai',
        model: 'gpt-4o-mini',
      });
      llmId = expectStatus(created, 200).json().llmId;
    },
    signedIn: TINA,
  });
  afterAll(async () => {
    await provider?.close();
    await site?.close();
  });

  const closePopup = async (text: string) => {
    await expectVisible(popupOf(s.page).getByText(text).last());
    await popupOf(s.page).getByRole('button', { name: 'OK' }).last().click();
  };
  const file = (name: string, content: Uint8Array) => {
    const at = path.join(folder, name);
    writeFileSync(at, content);
    return at;
  };
  const addFile = async (at: string) => {
    await s.page.getByLabel('Choose a file').setInputFiles(at);
    await s.page.getByRole('button', { name: 'Save' }).click();
    await closePopup(LLM_MESSAGES.saved);
    await expectVisible(s.page.getByRole('cell', { name: path.basename(at) }));
  };

  test('a PDF, a DOCX and a URL are added on the Data tab', async () => {
    await s.page.goto(`${s.app.baseUrl}/llms/${llmId}?tab=data`);
    await addFile(
      file(
        'visitors.pdf',
        makePdf([['Welcome to Acme.'], ['Visitors sign in at the reception desk on the ground floor.']]),
      ),
    );
    await addFile(
      file(
        'canteen.docx',
        makeDocx([
          { heading: 'Canteen', level: 1 },
          { paragraph: 'Guests may eat in the canteen, which serves soup of the day until half past two.' },
        ]),
      ),
    );
    await s.page.getByLabel('Document type').selectOption('Url');
    await s.page.getByLabel('URL').fill(site?.url ?? '');
    await s.page.getByLabel('Page limit').fill('2');
    await s.page.getByRole('button', { name: 'Save' }).click();
    await closePopup(LLM_MESSAGES.saved);
    await expectVisible(s.page.getByRole('cell', { name: site?.url ?? '' }).first());
    await screenshot(s.page, 'llm-documents-data');
  });

  test('training reads all three, with progress, and the dot turns green', async () => {
    await s.page.getByRole('tab', { name: 'RAG' }).click();
    await s.page.getByRole('button', { name: 'Train RAG' }).click();
    await closePopup(LLM_MESSAGES.trainSucceeded);
    // The info that training started is under it.
    await closePopup(LLM_MESSAGES.trainStarted);
    await expectHidden(popupOf(s.page));
    await expectVisible(s.page.getByText('3 of 3 documents trained'));
    await expectVisible(s.page.getByRole('img', { name: 'Trained' }));
    await screenshot(s.page, 'llm-documents-trained');
  });

  const ask = async (question: string) => {
    const before = await s.page.locator('.llm-answer').count();
    await s.page.getByPlaceholder('Ask something about the documents').fill(question);
    await s.page.getByPlaceholder('Ask something about the documents').press('Enter');
    await expect.poll(() => s.page.locator('.llm-answer').count(), { timeout: 20_000 }).toBe(before + 1);
    return s.page.locator('.llm-answer').last();
  };

  test('answers name the PDF page, the DOCX and the web page they come from', async () => {
    await s.page.getByRole('tab', { name: 'Test' }).click();
    const signIn = await ask('Where do visitors sign in?');
    await expectVisible(
      signIn.getByText('Visitors sign in at the reception desk on the ground floor.').first(),
    );
    await expectVisible(signIn.getByText('visitors.pdf, page 2'));

    const soup = await ask('Until when does the canteen serve soup?');
    await expectVisible(soup.getByText(/soup of the day until half past two/).first());
    await expectVisible(soup.getByText('canteen.docx').first());

    const station = await ask('Which train station is nearest?');
    await expectVisible(station.getByText(/Parkside, a seven minute walk/).first());
    await expectVisible(station.getByText(new RegExp(`${site?.url ?? ''}trains`)).first());
    await screenshot(s.page, 'llm-documents-answers');
  });

  test('no page errors', () => {
    expect(s.browser.pageErrors).toEqual([]);
  });
});
