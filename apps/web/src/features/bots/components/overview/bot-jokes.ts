/** Read while the overview loads (spec 01 section 2: 'a loading screen with random jokes'). */
export const BOT_JOKES = [
  'Why did the chatbot go to therapy? It had too many unresolved intents.',
  'A SQL query walks into a bar, goes up to two tables and asks: "Can I join you?"',
  'Why do programmers prefer dark mode? Because light attracts bugs.',
  'My bot asked for a raise. I told it to come back with more training data.',
  'There are 10 kinds of people: those who understand binary and those who do not.',
  'To understand recursion, you must first understand recursion.',
  'What is a bot’s favourite kind of music? Algo-rhythm.',
  'How many programmers does it take to change a light bulb? None: that is a hardware problem.',
  'I would tell you a UDP joke, but you might not get it.',
  'Why was the chatbot so calm during the outage? Excellent exception handling.',
  'Why did the developer go broke? He used up all his cache.',
  'A chatbot walks into a bar. The bartender asks what it will have. It says: "Did you mean: a bar chart?"',
] as const;

export function randomJoke(): string {
  return BOT_JOKES[Math.floor(Math.random() * BOT_JOKES.length)] ?? BOT_JOKES[0];
}
