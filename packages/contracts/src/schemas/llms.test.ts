import { describe, expect, it } from 'vitest';
import {
  LLM_MESSAGES,
  llmAddDocumentBodySchema,
  llmCreateBodySchema,
  llmTestBodySchema,
  llmUpdateBodySchema,
} from './llms';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('LLM bodies', () => {
  it('accepts a name of _ . - letters, digits and spaces, and refuses others with the spec message', () => {
    const ok = llmCreateBodySchema.safeParse({ llmDisplayName: 'Help desk_v1.2-eu', llmProvider: 'openai' });
    expect(ok.success).toBe(true);
    for (const name of ['Help/desk', 'naïve', '', '   ', 'a<b>']) {
      const bad = llmCreateBodySchema.safeParse({ llmDisplayName: name, llmProvider: 'openai' });
      expect(messagesOf(bad)).toContain(LLM_MESSAGES.nameInvalid);
    }
  });

  it("keeps 'default' and an empty model as the provider's default (null)", () => {
    expect(
      llmCreateBodySchema.parse({ llmDisplayName: 'A', llmProvider: 'openai', model: 'default' }).model,
    ).toBeNull();
    expect(
      llmCreateBodySchema.parse({ llmDisplayName: 'A', llmProvider: 'openai', model: 'gpt-4o-mini' }).model,
    ).toBe('gpt-4o-mini');
  });

  it('refuses unknown providers and fields', () => {
    expect(llmCreateBodySchema.safeParse({ llmDisplayName: 'A', llmProvider: 'acme' }).success).toBe(false);
    expect(llmUpdateBodySchema.safeParse({ isComplete: true }).success).toBe(false);
  });

  it('drops blank entries of string lists and trims the others', () => {
    const body = llmUpdateBodySchema.parse({
      outputCheckConditions: [' no prices ', '', '   '],
      metadataFields: ['a'],
    });
    expect(body.outputCheckConditions).toEqual(['no prices']);
  });

  it('needs a metadata field and a query for a RAG filter', () => {
    const bad = llmUpdateBodySchema.safeParse({
      ragFilters: [{ metadataField: 'team', query: ' ', operator: 'eq' }],
    });
    expect(messagesOf(bad)).toContain(LLM_MESSAGES.ragFilterIncomplete);
  });

  it('gives a Url document a page limit of 5 by default, at least 1', () => {
    expect(llmAddDocumentBodySchema.parse({ type: 'Url', link: 'https://example.org/help' }).limit).toBe(5);
    expect(
      messagesOf(llmAddDocumentBodySchema.safeParse({ type: 'Url', link: 'https://x.org', limit: 0 })),
    ).toContain(LLM_MESSAGES.pageLimitInvalid);
    expect(messagesOf(llmAddDocumentBodySchema.safeParse({ type: 'Url', link: 'ftp://x.org' }))).toContain(
      LLM_MESSAGES.urlInvalid,
    );
  });

  it('needs a test message', () => {
    expect(messagesOf(llmTestBodySchema.safeParse({ message: '  ' }))).toContain(
      LLM_MESSAGES.testMessageMissing,
    );
  });
});
