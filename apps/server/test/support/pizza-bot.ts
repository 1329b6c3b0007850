import type { FlowStep } from '@parley/flows';

/** A bot that takes pizza orders, as the runtime's API and browser tests talk to it. */
export const PIZZA_INTENTS = [
  {
    name: 'OrderPizza',
    utterances: [
      'i would like to order a pizza',
      'order pizza',
      'can i get a pizza delivered',
      'pizza please',
    ],
  },
  {
    name: 'Opening',
    utterances: ['when are you open', 'opening hours', 'are you open today', 'what time do you close'],
  },
];

/** OrderPizza's flow: the pizza asked, the size chosen from two buttons, the order confirmed. */
export const PIZZA_ORDER_FLOW: FlowStep[] = [
  { block: 'askQuestion', fields: { question: 'Which pizza would you like?' }, outputs: ['Pizza'] },
  {
    block: 'showOptions',
    fields: { suggestion: 'Which size?', choices: ['Small', 'Large'] },
    outputs: ['Size'],
  },
  { block: 'message', fields: { message: 'One [Size] [Pizza] is on its way.' } },
  { end: 'endFlow' },
];
