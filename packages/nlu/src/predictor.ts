import { ClosedLists } from './entities/closed-lists';
import { Gazetteer } from './entities/gazetteer';
import { findPrebuilts, warmPrebuilts } from './entities/prebuilt';
import { RegexEntities } from './entities/regex-entities';
import { Tagger } from './entities/tagger';
import { IntentClassifier } from './intents/classifier';
import type { EntityWeight } from './intents/coverage';
import { noneWins } from './intents/none-rule';
import { deserialiseModel, type NluModel } from './model';
import { type CompiledPattern, compilePatterns, matchPatterns } from './patterns';
import { sentimentOf } from './sentiment';
import { Analyser, type Token } from './text/tokenize';
import { type IntentScore, type NluPrediction, NONE, type RecognisedEntity } from './types';

export interface PredictOptions {
  /** The 'now' that relative dates resolve against (default: the current time). */
  referenceDate?: Date;
}

/** Fewer letters or digits than this is not a question (spec: an utterance has more than 1 character). */
const MIN_MEANINGFUL_CHARACTERS = 2;
/**
 * A best intent this unsure is no answer: the lowest 'low confidence' a bot may set (contracts'
 * LOW_CONFIDENCE_RANGE) is 0.2, so no bot would act on it anyway.
 */
const NO_INTENT_BELOW = 0.2;
/** How much a word the tagger takes for an entity value counts towards coverage. */
const LEARNED_ENTITY_WEIGHT = 0.25;

export class NluPredictor {
  private readonly analyser: Analyser;
  private readonly classifier: IntentClassifier;
  private readonly tagger: Tagger | null;
  private readonly closedLists: ClosedLists;
  private readonly regexes: RegexEntities;
  private readonly patterns: CompiledPattern[];
  /** The tagger's findings of the current prediction. */
  private readonly learnedEntities = new WeakSet<RecognisedEntity>();

  constructor(readonly model: NluModel) {
    this.analyser = new Analyser(model.language);
    this.classifier = new IntentClassifier(model.classifier);
    this.tagger = model.tagger ? new Tagger(model.tagger, Gazetteer.fromJSON(model.gazetteer)) : null;
    this.closedLists = new ClosedLists(model.entities);
    this.regexes = new RegexEntities(model.entities);
    this.patterns = compilePatterns(model.patterns, model.patternEntities);
    warmPrebuilts(model.language, model.prebuilts);
    // The first predictions compile the code paths: pay that at load, not on a user's message.
    const warmUp = [
      'warm up the engine',
      'hello 12 there',
      'a longer sentence to warm up the engine with more words in it',
    ];
    for (let i = 0; i < 30; i++) this.predict(warmUp[i % warmUp.length] as string);
  }

  get language() {
    return this.model.language;
  }

  get intents(): string[] {
    return this.model.classifier.classes;
  }

  predict(text: string, options: PredictOptions = {}): NluPrediction {
    const tokens = this.analyser.tokenize(text);
    // The tagger reads the best real intent: an input that only looks out of scope because its
    // values are new ('harthaus to hackerbrücke') must still have them found.
    const tagIntent = this.classifier.bestIntent(tokens);
    const entities = this.entities(text, tokens, options, tagIntent);
    const sentiment = sentimentOf(tokens, this.model.language, this.analyser.stem);
    const meaningful = text.replace(/[^\p{L}\p{N}]/gu, '').length >= MIN_MEANINGFUL_CHARACTERS;
    if (!meaningful) {
      return { intents: this.noneOnly(), topIntent: NONE, confidence: 0, entities, sentiment };
    }
    const match = this.patterns.length > 0 ? matchPatterns(text, this.patterns, entities) : undefined;
    if (match) {
      const others = entities.filter((e) => !match.entities.some((m) => m.start < e.end && m.end > e.start));
      const intents: IntentScore[] = [
        { intent: match.intent, score: 1 },
        ...this.intents.filter((i) => i !== match.intent).map((intent) => ({ intent, score: 0 })),
      ];
      return {
        intents,
        topIntent: match.intent,
        confidence: 1,
        entities: [...match.entities, ...others].sort((a, b) => a.start - b.start || a.end - b.end),
        sentiment,
        matchedPattern: match.pattern,
      };
    }
    // Entity values (names, places, numbers) need not be words the bot knows: only the rest
    // of the sentence tells whether it is in scope. Values a list, a regex or a recognizer
    // vouches for do not count; the tagger's count a little, as it also tags words of
    // out-of-scope input, which would then look covered.
    const intents = this.classifier.rank(
      tokens,
      entities.length > 0 ? this.entityWeight(entities) : undefined,
    );
    const best = intents.find((i) => i.intent !== NONE);
    // Below the floor nothing fits, whatever the bot's thresholds: the confidence is then that
    // of the best real intent, low, so the thresholds read it as not understood.
    const isNone =
      !best || noneWins(intents, () => this.classifier.looksInScope(tokens)) || best.score < NO_INTENT_BELOW;
    return {
      intents,
      topIntent: isNone || !best ? NONE : best.intent,
      confidence: best?.score ?? 0,
      entities,
      sentiment,
    };
  }

  private entityWeight(entities: readonly RecognisedEntity[]): EntityWeight {
    return (t) => {
      let weight = 1;
      for (const e of entities) {
        if (t.start < e.start || t.end > e.end) continue;
        if (!this.learnedEntities.has(e)) return 0;
        weight = LEARNED_ENTITY_WEIGHT;
      }
      return weight;
    };
  }

  private noneOnly(): IntentScore[] {
    return [
      { intent: NONE, score: 1 },
      ...this.intents.filter((i) => i !== NONE).map((intent) => ({ intent, score: 0 })),
    ];
  }

  private entities(
    text: string,
    tokens: readonly Token[],
    options: PredictOptions,
    intent: string,
  ): RecognisedEntity[] {
    const found = [...this.closedLists.find(text), ...this.regexes.find(text)];
    if (this.model.prebuilts.length > 0) {
      found.push(...findPrebuilts(text, this.model.language, this.model.prebuilts, options.referenceDate));
    }
    if (this.tagger) {
      for (const span of this.tagger.tag(tokens, intent)) {
        const first = tokens[span.from] as Token;
        const last = tokens[span.to - 1] as Token;
        const [entity, role] = span.label.split(':') as [string, string | undefined];
        const value = text.slice(first.start, last.end);
        const recognised: RecognisedEntity = {
          entity,
          start: first.start,
          end: last.end,
          text: value,
          value,
        };
        if (role) recognised.role = role;
        found.push(recognised);
        this.learnedEntities.add(recognised);
      }
    }
    return found.sort((a, b) => a.start - b.start || a.end - b.end || (a.entity < b.entity ? -1 : 1));
  }
}

/** A predictor from a serialised model (as stored with the bot). */
export function load(serialised: string | NluModel): NluPredictor {
  return new NluPredictor(typeof serialised === 'string' ? deserialiseModel(serialised) : serialised);
}
