/** A recognizer's answer for one text: the best intent with its score, and the entities found. */
export interface Recognition {
  intent: string | null;
  score: number;
  entities: RecognizedEntity[];
  /** Every intent with its score, best first (the test chat's details). */
  intents?: Array<{ intent: string; score: number }>;
}

export interface RecognizedEntity {
  entity: string;
  text: string;
  /** The canonical form of a closed-list entity, the parsed value of a prebuilt one. */
  value: unknown;
}

/**
 * What the runtime needs from outside itself. The server gives it the bot's published (or test)
 * NLU model; tests give fixed answers.
 */
export interface RuntimeServices {
  recognize(text: string): Promise<Recognition>;
  /** Sends an e-mail through the platform's mailer (SMTP, or the outbox). */
  sendMail(mail: { to: string; subject: string; text: string }): Promise<void>;
  /** The conversation so far as text, for Send Conversation History. */
  conversationHistory(): Promise<string>;
}
