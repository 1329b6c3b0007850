import type { GeneratedUtterances } from '@parley/contracts';
import { useRef, useState } from 'react';

/** One utterance Auto generate proposed, as the designer reviews it. */
export interface UtteranceProposal {
  id: number;
  text: string;
  isChecked: boolean;
}

/**
 * The review list of Auto generate (spec 02 section 2.2): what the provider proposed, each
 * checked at first and editable; nothing joins the intent until the designer adds it.
 */
export function useUtteranceProposals() {
  const nextId = useRef(0);
  const [proposals, setProposals] = useState<UtteranceProposal[]>([]);
  const [isGenerating, setIsGenerating] = useState(false);

  /** Asks for proposals; a second ask adds the new ones below those still under review. */
  const generate = async (
    request: () => Promise<GeneratedUtterances>,
    onFailure: (error: unknown) => void,
  ) => {
    setIsGenerating(true);
    try {
      const { utterances, patterns } = await request();
      setProposals((current) => {
        const known = new Set(current.map((p) => p.text.trim().toLowerCase()));
        const fresh = [...utterances, ...patterns].filter((text) => !known.has(text.trim().toLowerCase()));
        return [...current, ...fresh.map((text) => ({ id: nextId.current++, text, isChecked: true }))];
      });
    } catch (error) {
      onFailure(error);
    } finally {
      setIsGenerating(false);
    }
  };

  const change = (id: number, patch: Partial<Omit<UtteranceProposal, 'id'>>) =>
    setProposals((current) => current.map((p) => (p.id === id ? { ...p, ...patch } : p)));

  /** Drops the proposals that were added (or all of them, on Discard). */
  const remove = (ids?: ReadonlySet<number>) =>
    setProposals((current) => (ids ? current.filter((p) => !ids.has(p.id)) : []));

  return { proposals, isGenerating, generate, change, remove };
}
