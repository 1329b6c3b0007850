/**
 * 'Intents recognized' of a bot card and the dashboard (spec 01 section 2, spec 02 section 9):
 * recognized divided by asked, as a percent, capped at 100, one decimal when not whole, 0 when
 * nothing was asked. `recognizedPercent(3, 1)` is 33.3; `recognizedPercent(4, 2)` is 50.
 */
export function recognizedPercent(questionsAsked: number, questionsRecognized: number): number {
  if (!(questionsAsked > 0) || !(questionsRecognized > 0)) return 0;
  const percent = Math.min((questionsRecognized / questionsAsked) * 100, 100);
  return Math.round(percent * 10) / 10;
}

/** The percent as shown: '33.3', '50', '0' (a whole number keeps no decimal). */
export function formatRecognizedPercent(questionsAsked: number, questionsRecognized: number): string {
  return String(recognizedPercent(questionsAsked, questionsRecognized));
}
