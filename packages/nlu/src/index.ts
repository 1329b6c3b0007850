/**
 * The embedded NLU engine: `train(data)` builds a model from a bot's intents and entities,
 * `serialiseModel` stores it, `load(serialised)` gives a predictor whose `predict(text)`
 * answers the intent ranking, entities and sentiment.
 */
export { isRecognisedPrebuilt, RECOGNISED_PREBUILTS, warmPrebuilts } from './entities/prebuilt';
export { deserialiseModel, type NluModel, NluModelError, serialiseModel } from './model';
export { load, NluPredictor, type PredictOptions } from './predictor';
export * from './provider/nlu-provider';
export { sentimentOfText } from './sentiment';
export { isNluLanguage, NLU_LANGUAGES, type NluLanguage, nluLanguageOf } from './text/languages';
export { NluTrainingError, train } from './train';
export * from './types';
