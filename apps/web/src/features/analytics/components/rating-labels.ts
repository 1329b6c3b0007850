/** The rating labels by score (spec 02 section 4). */
export const RATING_LABELS_BY_SCORE: Readonly<Record<number, string>> = {
  5: 'Very satisfied',
  4: 'Satisfied',
  3: 'Neutral',
  2: 'Unsatisfied',
  1: 'Very unsatisfied',
};

/** What a rating says: its standard label by score, or the designer's own label as the user chose it. */
export const ratingLabel = (rating: { rating: number | null; feedback: string }) =>
  (rating.rating !== null ? RATING_LABELS_BY_SCORE[rating.rating] : undefined) ?? rating.feedback;
