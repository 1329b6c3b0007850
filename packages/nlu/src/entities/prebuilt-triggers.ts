import type { NluLanguage } from '../text/languages';
import type { RecognisedPrebuilt } from './prebuilt';

/**
 * Cheap pre-checks before a recognizer runs: a recognizers-text call costs 1 to 8 ms (dozens
 * of regexes over the whole text), a regex test a microsecond. A recognizer whose pre-check
 * fails could not have found anything: every number has a digit or a number word, every date
 * a digit or a calendar word (month, weekday, day part, time unit, relative day, holiday),
 * every email an '@', every URL a dot. The word lists only need to be wide, not exact: a
 * false alarm costs one recognizer call, nothing else.
 */
const NUMBER_WORDS: Record<NluLanguage, string> = {
  en: 'zero$|one$|two$|three$|four$|five$|six$|seven$|eight$|nine$|ten$|eleven$|twelve$|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twent|thirt|fort|fift|sixt|sevent|eight|ninet|hundred|thousand|million|billion|trillion|dozen$|half$|halves$|quarter$|couple$|pair$|first$|second$|third$|fourth$|fifth$|sixth$|seventh$|eighth$|ninth$|tenth$|eleventh$|twelfth$|once$|twice$|single$|double$|triple$',
  de: 'null|ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|dreißig|hundert|tausend|million|milliard|dutzend|halb|viertel|paar|erste|zweite|dritte|\\w+te[nrs]?\\b',
  fr: 'zéro|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingt|trente|quarante|cinquante|soixante|cent|mille|million|milliard|douzaine|demi|quart|premi|second|\\w+ième',
  es: 'cero|un|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci|veint|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|mil|millón|millon|docena|medio|media|cuarto|par|primer|segund|tercer|\\w+avo',
  it: 'zero|un|uno|una|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciasette|diciassette|diciotto|diciannove|venti|trenta|quaranta|cinquanta|sessanta|settanta|ottanta|novanta|cento|mille|mila|milion|miliard|dozzina|mezz|quarto|paio|prim|second|terz|\\w+esim',
  nl: 'nul|een|één|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|dertien|veertien|twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig|honderd|duizend|miljoen|miljard|dozijn|half|halve|kwart|paar|eerste|tweede|derde|\\w+ste\\b|\\w+de\\b',
  pt: 'zero|um|uma|dois|duas|três|tres|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|quinze|dezes|dezoito|dezanove|dezenove|vinte|trinta|quarenta|cinquenta|sessenta|setenta|oitenta|noventa|cem|cento|mil|milhão|milhao|milhões|bilhão|dúzia|duzia|meio|meia|quarto|par|primeir|segund|terceir|\\w+ésim',
};

const DATE_WORDS: Record<NluLanguage, string> = {
  en: "january$|february$|march$|april$|may$|june$|july$|august$|september$|october$|november$|december$|jan$|feb$|mar$|apr$|jun$|jul$|aug$|sep$|sept$|oct$|nov$|dec$|monday$|tuesday$|wednesday$|thursday$|friday$|saturday$|sunday$|mon$|tue$|tues$|wed$|thu$|thur$|thurs$|fri$|sat$|sun$|weekday$|today$|tonight$|tomorrow$|yesterday$|now$|tmr$|tmrw$|tdy$|morning$|afternoon$|evening$|night$|noon$|midnight$|midday$|mid-day$|dawn$|dusk$|lunchtime$|daytime$|overnight$|day$|week$|weekend$|fortnight$|month$|year$|decade$|century$|centuries$|hour$|minute$|second$|min$|mins$|hr$|hrs$|sec$|secs$|ago$|spring$|summer$|autumn$|fall$|winter$|christmas$|xmas$|easter$|halloween$|thanksgiving$|juneteenth$|valentine$|eve$|a\\.?m\\.?$|p\\.?m\\.?$|o'?clock$|quarter$|half$|soon$|asap$|recently$|previously$|lately$|currently$|dinner$|lunch$|breakfast$|brunch$|supper$|monthly$|weekly$|daily$|yearly$|annually$|hourly$|nightly$",
  de: 'jan|feb|mär|mar|apr|mai|jun|jul|aug|sep|okt|nov|dez|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|heute|morgen|gestern|jetzt|vormittag|nachmittag|abend|nacht|mittag|tag|woche|monat|jahr|stunde|minute|sekunde|uhr|vor\\b|nach\\b|bald|später|wochenende|frühling|sommer|herbst|winter|weihnacht|ostern|silvester|neujahr|halb|viertel',
  fr: 'janv|févr|fevr|mars|avr|mai|juin|juil|août|aout|sept|oct|nov|déc|dec|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|aujourd|demain|hier|maintenant|matin|midi|soir|nuit|minuit|jour|semaine|mois|an\\b|ans\\b|année|annee|heure|minute|seconde|\\bh\\b|il y a|dans\\b|bientôt|prochain|dernier|week|printemps|été|automne|hiver|noël|noel|pâques|paques|toussaint|quart|demi',
  es: 'ene|feb|mar|abr|may|jun|jul|ago|sep|oct|nov|dic|lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo|hoy|mañana|manana|ayer|ahora|tarde|noche|mediodía|mediodia|medianoche|día|dia|semana|mes|año|ano\\b|hora|minuto|segundo|hace\\b|dentro|pronto|próxim|proxim|pasad|fin de semana|primavera|verano|otoño|otono|invierno|navidad|pascua|cuarto|media',
  it: 'genn|febb|marz|apri|magg|giug|lugl|agos|sett|otto|nove|dice|lunedì|lunedi|martedì|martedi|mercoledì|mercoledi|giovedì|giovedi|venerdì|venerdi|sabato|domenica|oggi|domani|ieri|adesso|ora\\b|mattin|pomeriggio|sera|notte|mezzogiorno|mezzanotte|giorn|settiman|mese|mesi|anno|anni|ore\\b|minut|second|fa\\b|tra\\b|fra\\b|presto|prossim|scors|weekend|primavera|estate|autunno|inverno|natale|pasqua|capodanno|quarto|mezz',
  nl: 'jan|feb|maa|apr|mei|jun|jul|aug|sep|okt|nov|dec|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag|vandaag|morgen|gisteren|nu\\b|ochtend|middag|avond|nacht|dag|week|maand|jaar|uur|minuut|minuten|seconde|geleden|straks|later|volgend|vorig|weekend|lente|zomer|herfst|winter|kerst|pasen|oud en nieuw|nieuwjaar|kwart|half',
  pt: 'jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez|segunda|terça|terca|quarta|quinta|sexta|sábado|sabado|domingo|hoje|amanhã|amanha|ontem|agora|manhã|manha|tarde|noite|meio-dia|meio dia|meia-noite|meia noite|dia|semana|mês|mes\\b|meses|ano|hora|minuto|segundo|atrás|atras|daqui|logo|próxim|proxim|passad|fim de semana|primavera|verão|verao|outono|inverno|natal|páscoa|pascoa|réveillon|quarto|meia',
};

/** Ordinals relative to the context, that the Ordinal recognizer resolves too. */
const RELATIVE_ORDINALS: Record<NluLanguage, string> = {
  en: 'last$|next$|current$|previous$|penultimate$|antepenultimate$',
  de: 'letzte|nächste|vorletzte|aktuelle',
  fr: 'dernier|dernière|prochain|prochaine|avant-dernier',
  es: 'último|ultimo|última|ultima|próxim|proxim|penúltim|anterior',
  it: 'ultim|prossim|penultim|precedente',
  nl: 'laatste|volgende|vorige|voorlaatste|huidige',
  pt: 'último|ultimo|última|ultima|próxim|proxim|penúltim|anterior|atual',
};

/**
 * Digits that may be part of a date, in English: a time (5:30, 17h30), a numeric date
 * (1/20/2023, 2023-01-20), an ordinal day (the 5th), a year (1984, 2035) or a number after a
 * time preposition (at 5, until ten); a decimal number, a price or a phone number is none. A bare number ('3 pizzas', 'winterstraße 12') is not
 * worth a date recognizer call, the slowest of all (1 to 3 ms); a number next to a calendar
 * word ('in 3 days') is in that word's window anyway. Other languages keep every digit.
 */
const DATE_DIGITS: Partial<Record<NluLanguage, string>> = {
  en: [
    // A time: an hour 0-23, then minutes 00-59; not part of a longer number or a price
    // ('1,299.99', '$19.99', '0.75').
    '(?<![\\d,.$€£¥])(?:[01]?\\d|2[0-3])\\s*[:h.]\\s*[0-5]\\d(?![\\d%])',
    // A numeric date: day, month and year parts of 1-4 digits; not a run of digit groups
    // ('415-555-2671', '1-800-273-8255'), which is a phone number.
    '(?<![\\d+])\\d{1,4}\\s*[/\\\\-]\\s*\\d{1,2}(?!\\d)',
    '\\d(?:st|nd|rd|th)(?![\\p{L}])',
    '(?<!\\d)(?:1[5-9]|20)\\d\\d(?!\\d)',
    '(?:^|[^\\p{L}])(?:at|by|until|till|til|around|before|after)\\s+(?:\\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)',
  ].join('|'),
};

/** Terms match at the start of a word; a term ending in '$' is a whole word (plural or 's allowed). */
const term = (t: string) => (t.endsWith('$') ? `${t.slice(0, -1)}(?:s|'s)?(?![\\p{L}])` : t);
const compile = (words: string, digits = '\\d') =>
  new RegExp(`${digits}|(?:^|[^\\p{L}])(?:${words.split('|').map(term).join('|')})`, 'iu');
const numberCues = new Map<NluLanguage, RegExp>();
const ordinalCues = new Map<NluLanguage, RegExp>();
const dateCues = new Map<NluLanguage, RegExp>();

function cue(
  cache: Map<NluLanguage, RegExp>,
  words: Record<NluLanguage, string>,
  language: NluLanguage,
  digits?: string,
) {
  let regex = cache.get(language);
  if (!regex) {
    regex = compile(words[language], digits);
    cache.set(language, regex);
  }
  return regex;
}

/**
 * Units whose recognizer also needs a unit word: a number without one is no percentage,
 * temperature or age. Currencies and dimensions have too many units to list.
 */
const UNIT_WORDS: Partial<Record<RecognisedPrebuilt, string>> = {
  Percentage:
    '%|percent|per cent|pct|prozent|pour ?cent|por ?ciento|per ?cento|procent|por ?cento|porcentaje|percentuale',
  Temperature:
    '°|º|degree|deg\\b|celsius|fahrenheit|kelvin|centigrad|grad|degré|degre|grado|graden|graus|temperat',
  Age: 'old|age|year|month|week|day|alt|jahr|monat|woche|tag|âge|ans\\b|année|mois|semaine|jour|edad|año|mes|semana|día|dia|età|anni|anno|mesi|settiman|giorn|oud|jaar|maand|idade|anos|meses',
};
const unitCues = new Map<RecognisedPrebuilt, RegExp>();

function hasUnit(entity: RecognisedPrebuilt, text: string): boolean {
  const words = UNIT_WORDS[entity];
  if (!words) return true;
  let regex = unitCues.get(entity);
  if (!regex) {
    regex = new RegExp(words, 'iu');
    unitCues.set(entity, regex);
  }
  return regex.test(text);
}

const ORDINAL_WORDS = Object.fromEntries(
  Object.entries(NUMBER_WORDS).map(([language, words]) => [
    language,
    `${words}|${RELATIVE_ORDINALS[language as NluLanguage]}`,
  ]),
) as Record<NluLanguage, string>;

const cheapCue: Partial<Record<RecognisedPrebuilt, (text: string) => boolean>> = {
  Email: (text) => text.includes('@'),
  Url: (text) => text.includes('.') || /www|http/i.test(text),
  PhoneNumber: (text) => /\d[\s\-().]*\d[\s\-().]*\d/.test(text),
};

const globals = new Map<RegExp, RegExp>();
function globalOf(regex: RegExp) {
  let global = globals.get(regex);
  if (!global) {
    global = new RegExp(regex.source, 'giu');
    globals.set(regex, global);
  }
  return global;
}

/** Words either side of a cue that a value may span: '25 US dollars', 'next Monday at 5pm'. */
const CONTEXT_WORDS = 3;
const WORD = /\S+/g;

/**
 * The parts of `text` worth giving a recognizer, as [start, end) character ranges: the words
 * around each cue, merged when they touch. A recognizer's cost grows with the length of its
 * input, and short parts repeat from one message to the next ('tomorrow at 5pm'), so the
 * cache takes them. Email, URL and phone numbers are cheap: they read the whole text.
 */
export function recognizerInputs(
  entity: RecognisedPrebuilt,
  text: string,
  language: NluLanguage,
  /** The units of a number-with-unit recognizer: a part without one is left out. */
  units?: RegExp,
): Array<[number, number]> {
  const cheap = cheapCue[entity];
  if (cheap) return cheap(text) ? [[0, text.length]] : [];
  const regex =
    entity === 'Date'
      ? cue(dateCues, DATE_WORDS, language, DATE_DIGITS[language])
      : entity === 'Ordinal'
        ? cue(ordinalCues, ORDINAL_WORDS, language)
        : cue(numberCues, NUMBER_WORDS, language);
  const ranges = cueWindows(regex, text);
  if (ranges.length === 0 || (!units && !hasUnit(entity, text))) return [];
  // Copies: the kept windows are not the caller's to change.
  return ranges
    .filter(([from, to]) => !units || units.test(text.slice(from, to)))
    .map(([from, to]) => [from, to]);
}

/**
 * The windows of one text are asked for again and again: by each recognizer a bot uses (six
 * share the number cues) and by the tagger's cue features. The last text's are kept, per cue
 * regex (a third of the time of all eleven recognizers went to this function).
 */
let windowsText: string | undefined;
const windowsByCue = new Map<RegExp, ReadonlyArray<readonly [number, number]>>();

function cueWindows(regex: RegExp, text: string): ReadonlyArray<readonly [number, number]> {
  if (text !== windowsText) {
    windowsText = text;
    windowsByCue.clear();
  }
  let ranges = windowsByCue.get(regex);
  if (!ranges) {
    ranges = regex.test(text) ? windowsOf(regex, text) : [];
    windowsByCue.set(regex, ranges);
  }
  return ranges;
}

function windowsOf(regex: RegExp, text: string): Array<[number, number]> {
  const words = [...text.matchAll(WORD)].map((m) => [m.index, m.index + m[0].length] as const);
  // The words a cue touches (a cue may span two: 'at 5'; its first character may be the one
  // before the word).
  const isCue = words.map(() => false);
  for (const m of text.matchAll(globalOf(regex))) {
    const from = m.index + (m[0].length > 1 && !/[\p{L}\d]/u.test(m[0][0] as string) ? 1 : 0);
    const to = m.index + m[0].length;
    words.forEach(([start, end], i) => {
      if (start < to && end > from) isCue[i] = true;
    });
  }
  const ranges: Array<[number, number]> = [];
  words.forEach((_, i) => {
    if (!isCue[i]) return;
    const from = (words[Math.max(0, i - CONTEXT_WORDS)] as readonly [number, number])[0];
    const to = (words[Math.min(words.length - 1, i + CONTEXT_WORDS)] as readonly [number, number])[1];
    const last = ranges[ranges.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else ranges.push([from, to]);
  });
  return ranges;
}
