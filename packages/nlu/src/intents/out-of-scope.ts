import { seededRandom } from '../text/hash';
import type { NluLanguage } from '../text/languages';

/**
 * Examples of what no bot is about unless it says so: small talk and keyboard noise. They
 * train the None class beside the bot's own None examples, so out-of-scope input has somewhere
 * to go even in a bot without any. A phrase close to one of the bot's own utterances is left
 * out (a bot with a greeting intent keeps its greetings).
 */
const SMALL_TALK: Record<NluLanguage, string[]> = {
  en: [
    'hi',
    'hello there',
    'good morning',
    'how are you',
    'thanks',
    'thank you so much',
    'bye',
    'who are you',
    'tell me a joke',
    'what is the weather like',
    'i love pizza',
    'are you a robot',
    'what time is it',
    'ok',
    'yes',
    'no',
    'cool',
    'lol',
    'what is the meaning of life',
    'sing a song',
    'my cat is sleeping',
    'the sky is blue',
    'who won the game last night',
    'recommend a movie',
  ],
  de: [
    'hallo',
    'guten morgen',
    'wie geht es dir',
    'danke',
    'tschüss',
    'wer bist du',
    'erzähl mir einen witz',
    'wie ist das wetter',
    'ich mag pizza',
    'bist du ein roboter',
    'wie spät ist es',
    'ja',
    'nein',
    'okay',
    'meine katze schläft',
    'der himmel ist blau',
    'empfiehl mir einen film',
  ],
  fr: [
    'salut',
    'bonjour',
    'comment ça va',
    'merci',
    'au revoir',
    'qui es-tu',
    'raconte-moi une blague',
    'quel temps fait-il',
    "j'aime la pizza",
    'es-tu un robot',
    'quelle heure est-il',
    'oui',
    'non',
    "d'accord",
    'mon chat dort',
    'le ciel est bleu',
    'recommande-moi un film',
  ],
  es: [
    'hola',
    'buenos días',
    'cómo estás',
    'gracias',
    'adiós',
    'quién eres',
    'cuéntame un chiste',
    'qué tiempo hace',
    'me gusta la pizza',
    'eres un robot',
    'qué hora es',
    'sí',
    'no',
    'vale',
    'mi gato está durmiendo',
    'el cielo es azul',
    'recomiéndame una película',
  ],
  it: [
    'ciao',
    'buongiorno',
    'come stai',
    'grazie',
    'arrivederci',
    'chi sei',
    'raccontami una barzelletta',
    'che tempo fa',
    'mi piace la pizza',
    'sei un robot',
    'che ore sono',
    'sì',
    'no',
    'va bene',
    'il mio gatto dorme',
    'il cielo è blu',
    'consigliami un film',
  ],
  nl: [
    'hallo',
    'goedemorgen',
    'hoe gaat het',
    'bedankt',
    'doei',
    'wie ben jij',
    'vertel een grap',
    'wat voor weer is het',
    'ik hou van pizza',
    'ben je een robot',
    'hoe laat is het',
    'ja',
    'nee',
    'oké',
    'mijn kat slaapt',
    'de lucht is blauw',
    'raad me een film aan',
  ],
  pt: [
    'olá',
    'bom dia',
    'como vai',
    'obrigado',
    'tchau',
    'quem é você',
    'conte uma piada',
    'como está o tempo',
    'eu gosto de pizza',
    'você é um robô',
    'que horas são',
    'sim',
    'não',
    'tudo bem',
    'meu gato está dormindo',
    'o céu é azul',
    'recomende um filme',
  ],
};

const MIN_SYNTHETIC = 6;
/**
 * One synthetic phrase of each kind per this many examples: more, and None's learned prior
 * outweighs the weak evidence of a short in-scope input ('take me to the airport').
 */
const SYNTHETIC_SHARE = 16;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Keyboard noise: random letter strings of one to four 'words', the same every training. */
function gibberish(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const words = 1 + Math.floor(random() * 4);
    const parts: string[] = [];
    for (let w = 0; w < words; w++) {
      const length = 2 + Math.floor(random() * 9);
      let word = '';
      for (let c = 0; c < length; c++) word += LETTERS[Math.floor(random() * LETTERS.length)];
      parts.push(word);
    }
    out.push(parts.join(' '));
  }
  return out;
}

/**
 * As many as fit the bot's size: a bot of 50 examples must not learn that None is its most
 * likely intent.
 */
export function syntheticOutOfScope(language: NluLanguage, trainingExamples: number): string[] {
  const count = Math.max(MIN_SYNTHETIC, Math.min(40, Math.floor(trainingExamples / SYNTHETIC_SHARE)));
  return [...SMALL_TALK[language].slice(0, count), ...gibberish(count, 1234)];
}
