import type { FlowStep } from '@parley/flows';
import {
  ask,
  askForRating,
  byCanonicalForm,
  callSystem,
  callSystemOrCarryOn,
  checkEntities,
  formatDate,
  ifExists,
  message,
  offer,
  remember,
} from './template-steps';

/** The Customer support FAQ template's dialog flows, by intent name (customer-support-faq.json). */

const talkToHuman = (): FlowStep => ({ end: { redirectToIntent: 'TalkToHuman' }, name: 'Go to a colleague' });

export const customerSupportFaqFlows: Record<string, FlowStep[]> = {
  Greeting: [
    message(
      'Welcome',
      'Hello! I am the support assistant. Ask me about opening hours, passwords, refunds, shipping, payment or our plans, or give me your ticket number and I look it up. If I cannot help, I connect you with a colleague.',
    ),
    { end: 'endFlow' },
  ],

  Goodbye: [
    ...askForRating(
      'Before you go: how happy are you with my help today?',
      'Thank you for your feedback, and have a nice day!',
      'I am sorry I could not help better. You can always reach us at [supportEmail] or on [supportPhone].',
    ),
    { end: 'endFlow', clearEntities: true },
  ],

  Thanks: [
    message('You are welcome', 'You are welcome! Is there anything else I can do for you?'),
    { end: 'endFlow' },
  ],

  PlanInformation: [
    byCanonicalForm(
      'ProductPlan',
      'Which plan?',
      {
        Basic: [
          message(
            'About Basic',
            'The Basic plan is free: it has the core features for getting started on your own, with help by e-mail.',
          ),
        ],
        Pro: [
          message(
            'About Pro',
            'The Pro plan is for growing teams: every feature for the whole team, with help by chat and phone.',
          ),
        ],
        Enterprise: [
          message(
            'About Enterprise',
            'The Enterprise plan is for larger organisations: single sign-on, a personal account manager and payment by invoice.',
          ),
        ],
      },
      [
        message(
          'All plans',
          'We have three plans: Basic, free for getting started; Pro, for growing teams; and Enterprise, for larger organisations. Ask me about any of them to hear more.',
        ),
        { end: 'endFlow' },
      ],
    ),
    remember('Remember the plan', 'customer', 'plan', '[ProductPlan]'),
    ...offer(
      'Offer sales',
      'Would you like to talk to our sales team about the [ProductPlan] plan?',
      ['Yes, please', 'No, thanks'],
      'salesChoice',
      [talkToHuman()],
      [message('No sales', 'All right. Just ask if you have more questions.')],
    ),
    { end: 'endFlow' },
  ],

  TicketStatus: [
    checkEntities('Ask for the ticket number', {
      TicketNumber: 'What is your ticket number? It is in the e-mail we sent you and looks like TCK-123456.',
    }),
    callSystem(
      {
        function: 'Ticket lookup',
        name: 'Look up the ticket',
        fields: { ticketNumber: '[TicketNumber]' },
        outputs: ['ticketStatus', 'ticketUpdatedAt', 'ticketAssignee'],
      },
      'I cannot reach our ticket system right now. Please try again in a few minutes.',
    ),
    ifExists(
      'ticketStatus',
      'Ticket found?',
      [
        remember('Remember the ticket', 'ticket', 'number', '[TicketNumber]'),
        remember('Remember its status', 'ticket', 'status', '[ticketStatus]'),
        formatDate('Format the last update', '[ticketUpdatedAt]'),
        ifExists(
          'ticketAssignee',
          'Assigned?',
          [
            message(
              'Ticket status with assignee',
              'Ticket [TicketNumber] is [ticketStatus]. [ticketAssignee] is looking after it; the last update was on [formattedDate].',
            ),
          ],
          [
            message(
              'Ticket status',
              'Ticket [TicketNumber] is [ticketStatus]; the last update was on [formattedDate].',
            ),
          ],
        ),
      ],
      [
        message(
          'Ticket not found',
          'I could not find ticket [TicketNumber]. Please check the number in the e-mail we sent you.',
        ),
        ...offer(
          'Try again?',
          'Would you like to try another ticket number, or talk to a colleague?',
          ['Try another number', 'Talk to a person'],
          'notFoundChoice',
          // Clears the unknown number, so the entity check asks for it again.
          [{ end: 'restartIntent', name: 'Ask again', clearEntities: true }],
          [talkToHuman()],
        ),
      ],
    ),
    { end: 'endFlow' },
  ],

  TalkToHuman: [
    checkEntities('Ask for the department', {
      Department: 'Who can help you best: billing, technical support or sales?',
    }),
    ifExists(
      'Email',
      'E-mail given?',
      [
        {
          block: 'setVariable',
          name: 'Keep the e-mail',
          fields: { 'variable-value': '[Email]' },
          outputs: ['customerEmail'],
        },
      ],
      [ask('Ask for the e-mail', 'What is your e-mail address, in case we get cut off?', 'customerEmail')],
    ),
    remember('Remember the e-mail', 'customer', 'email', '[customerEmail]'),
    ask(
      'Ask for the request',
      'In a few words: what can our [Department] team help you with?',
      'customerRequest',
    ),
    // Without the ticket system, the hand-over goes on without a ticket number.
    callSystemOrCarryOn({
      function: 'Create ticket',
      name: 'Open a ticket',
      fields: { email: '[customerEmail]', department: '[Department]', message: '[customerRequest]' },
      outputs: ['newTicketNumber'],
    }),
    ifExists(
      'newTicketNumber',
      'Ticket opened?',
      [
        remember('Remember the ticket', 'ticket', 'number', '[newTicketNumber]'),
        message(
          'Announce hand-over with ticket',
          '[handoverMessage] Your ticket number is [newTicketNumber].',
        ),
      ],
      [message('Announce hand-over', '[handoverMessage]')],
    ),
    { block: 'handover', name: 'Hand over' },
    { end: 'endFlow' },
  ],
};
