/**
 * Results the cloud and open engines published on these datasets, as transcribed in
 * shared/bench-data/README.md (sources there). Intent accuracy only; null where none was published.
 */
export const PUBLISHED: Record<string, Array<{ engine: string; accuracy: number; source: string }>> = {
  'braun-chatbot': [
    { engine: 'LUIS', accuracy: 0.981, source: 'Braun et al. 2017' },
    { engine: 'Watson Conversation', accuracy: 0.972, source: 'Braun et al. 2017' },
    { engine: 'API.ai / Dialogflow', accuracy: 0.927, source: 'Braun et al. 2017' },
    { engine: 'Rasa (2017)', accuracy: 0.981, source: 'Braun et al. 2017' },
  ],
  'braun-askubuntu': [
    { engine: 'LUIS', accuracy: 0.9, source: 'Braun et al. 2017' },
    { engine: 'Watson Conversation', accuracy: 0.917, source: 'Braun et al. 2017' },
    { engine: 'API.ai / Dialogflow', accuracy: 0.853, source: 'Braun et al. 2017' },
    { engine: 'Rasa (2017)', accuracy: 0.862, source: 'Braun et al. 2017' },
  ],
  'braun-webapps': [
    { engine: 'LUIS', accuracy: 0.814, source: 'Braun et al. 2017' },
    { engine: 'Watson Conversation', accuracy: 0.831, source: 'Braun et al. 2017' },
    { engine: 'API.ai / Dialogflow', accuracy: 0.803, source: 'Braun et al. 2017' },
    { engine: 'Rasa (2017)', accuracy: 0.746, source: 'Braun et al. 2017' },
  ],
  snips2017: [],
  banking77: [],
};

export const PUBLISHED_NOTES: Record<string, string> = {
  snips2017:
    'No 7-way intent accuracy published; slot F1 (per-intent models, full training set): Snips NLU 0.916; at 70 queries/intent Snips 0.771, Dialogflow 0.678, LUIS 0.615, Wit 0.606, Alexa 0.549.',
  banking77:
    "No commercial result on this split; the paper's best full-data encoders are about 0.93 accuracy.",
};

/**
 * Published few-shot results for a dataset's 10-shot cut (train_10shot.json), as quoted in
 * issue 12: Casanueva et al. 2020, 'Efficient Intent Detection with Dual Sentence Encoders',
 * Banking77 with 10 examples per intent (their sample, not this file's: indicative only).
 */
export const PUBLISHED_10_SHOT: Record<
  string,
  Array<{ engine: string; accuracy: number; source: string }>
> = {
  banking77: [
    { engine: 'USE+ConveRT sentence encoders', accuracy: 0.852, source: 'Casanueva et al. 2020' },
    { engine: 'BERT (frozen)', accuracy: 0.676, source: 'Casanueva et al. 2020' },
  ],
};
