import type { FlowStep } from '@parley/flows';
import {
  ask,
  askForRating,
  byCanonicalForm,
  callSystem,
  checkEntities,
  formatDate,
  ifExists,
  message,
  offer,
  remember,
} from './template-steps';

/** The Order status template's dialog flows, by intent name (order-status.json). */

const askForOrderNumber = (): FlowStep =>
  checkEntities('Ask for the order number', {
    OrderNumber:
      'What is your order number? You find it in your order confirmation; it looks like ORD-20250314.',
  });

const ORDER_SYSTEM_AWAY = 'I cannot reach our order system right now. Please try again in a few minutes.';

const lookUpOrder = (): FlowStep =>
  callSystem(
    {
      function: 'Order lookup',
      name: 'Look up the order',
      fields: { orderNumber: '[OrderNumber]' },
      outputs: ['orderStatus', 'estimatedDelivery', 'trackingUrl', 'carrierName'],
    },
    ORDER_SYSTEM_AWAY,
  );

const orderNotFound = (): FlowStep =>
  message(
    'Order not found',
    'I could not find order [OrderNumber]. Please check the number in your order confirmation.',
  );

/** Clears the order number the shop did not know, so the entity check asks for it again. */
const askAgain = (): FlowStep => ({ end: 'restartIntent', name: 'Ask again', clearEntities: true });

export const orderStatusFlows: Record<string, FlowStep[]> = {
  Greeting: [
    message(
      'Welcome',
      'Hi, welcome to [shopName]! I can tell you where your order is, track your parcel, take a delivery problem, change the delivery address or cancel an order. What can I do for you?',
    ),
    { end: 'endFlow' },
  ],

  Goodbye: [
    message('Say goodbye', 'Thank you for shopping with [shopName]. Goodbye!'),
    { end: 'endFlow', clearEntities: true },
  ],

  OrderStatus: [
    askForOrderNumber(),
    lookUpOrder(),
    ifExists(
      'orderStatus',
      'Order found?',
      [
        remember('Remember the order', 'order', 'number', '[OrderNumber]'),
        formatDate('Format the delivery date', '[estimatedDelivery]'),
        {
          function: 'Order summary card',
          name: 'Show the order',
          fields: {
            orderNumber: '[OrderNumber]',
            status: '[orderStatus]',
            arrives: '[formattedDate]',
            trackingUrl: '[trackingUrl]',
          },
          outputs: [],
        },
      ],
      [
        orderNotFound(),
        ...offer(
          'Try again?',
          'Would you like to try another order number, or talk to a colleague?',
          ['Try another number', 'Talk to a person'],
          'notFoundChoice',
          [askAgain()],
          [
            message(
              'Announce hand-over',
              'One moment: I am connecting you with a colleague from [shopName].',
            ),
            { block: 'handover', name: 'Hand over' },
            { end: 'endFlow' },
          ],
        ),
      ],
    ),
    { end: 'endFlow' },
  ],

  TrackShipment: [
    askForOrderNumber(),
    lookUpOrder(),
    ifExists(
      'trackingUrl',
      'Tracking link?',
      [
        message(
          'Tracking link',
          'Your parcel for order [OrderNumber] travels with [carrierName]. You can follow it here: [trackingUrl]',
        ),
      ],
      [
        ifExists(
          'orderStatus',
          'Order found?',
          [
            message(
              'Not shipped yet',
              'Order [OrderNumber] is [orderStatus] and has no tracking link yet. You get it by e-mail as soon as the parcel leaves our warehouse.',
            ),
          ],
          [orderNotFound(), askAgain()],
        ),
      ],
    ),
    { end: 'endFlow' },
  ],

  ReportProblem: [
    checkEntities('Ask what happened', {
      OrderNumber: 'Which order is it about? Its number looks like ORD-20250314.',
      DeliveryProblem:
        'What went wrong: is the delivery late, is it damaged, is an item missing or did you get the wrong item?',
    }),
    ask(
      'Ask for details',
      'I am sorry about that. Please tell me in a few words what happened.',
      'problemDetails',
    ),
    callSystem(
      {
        function: 'Report delivery problem',
        name: 'File the report',
        fields: { orderNumber: '[OrderNumber]', problem: '[DeliveryProblem]', details: '[problemDetails]' },
        outputs: ['complaintId'],
      },
      'I cannot reach our complaints system right now, so your report is not filed yet. Please try again in a few minutes.',
    ),
    ifExists(
      'complaintId',
      'Report filed?',
      [
        message(
          'Report filed',
          'Thank you. Your report [complaintId] about order [OrderNumber] is filed; our team gets back to you within one working day.',
        ),
        byCanonicalForm(
          'DeliveryProblem',
          'What went wrong?',
          {
            damaged: [
              message(
                'Keep the parcel',
                'Please keep the damaged item and its packaging until we get back to you: the carrier may want to see them.',
              ),
            ],
            'wrong item': [
              message(
                'Send it back',
                'You can send the wrong item back free of charge within [returnWindowDays] days: start the return in your account under Orders.',
              ),
            ],
          },
          [],
        ),
        ...askForRating(
          'How happy are you with the help you got today?',
          'Thank you for your feedback!',
          'I am sorry to hear that. If there is more we can do, write to us at [customerServiceEmail].',
        ),
      ],
      [
        message(
          'Report failed',
          'I could not file your report just now, so I am connecting you with a colleague from [shopName] who takes it over.',
        ),
        { block: 'handover', name: 'Hand over' },
        { end: 'endFlow' },
      ],
    ),
    { end: 'endFlow' },
  ],

  ChangeAddress: [
    askForOrderNumber(),
    lookUpOrder(),
    ifExists(
      'orderStatus',
      'Order found?',
      [
        // The colleague who takes over sees which order the conversation is about.
        remember('Remember the order', 'order', 'number', '[OrderNumber]'),
        remember('Remember its status', 'order', 'status', '[orderStatus]'),
        ifExists(
          'Location',
          'New address given?',
          [
            message(
              'Announce hand-over to the new place',
              'I am connecting you with a colleague who sends order [OrderNumber] to [Location] instead. For your safety, a person checks every change of address.',
            ),
          ],
          [
            message(
              'Announce hand-over',
              'I am connecting you with a colleague who changes the delivery address of order [OrderNumber] for you. For your safety, a person checks every change of address.',
            ),
          ],
        ),
        { block: 'handover', name: 'Hand over' },
      ],
      [orderNotFound(), askAgain()],
    ),
    { end: 'endFlow' },
  ],

  CancelOrder: [
    askForOrderNumber(),
    lookUpOrder(),
    ifExists(
      'orderStatus',
      'Order found?',
      offer(
        'Confirm the cancellation',
        'Order [OrderNumber] is [orderStatus]. Do you really want to cancel it?',
        ['Yes, cancel it', 'No, keep it'],
        'cancelChoice',
        [
          {
            block: 'sendEmail',
            name: 'Tell the team',
            fields: {
              receiver: '[customerServiceEmail]',
              subject: 'Cancel order [OrderNumber]',
              text: 'A customer asked in the [shopName] chat to cancel order [OrderNumber] (status: [orderStatus]).',
            },
          },
          message(
            'Cancellation passed on',
            'I have passed the cancellation of order [OrderNumber] on to our team; you get a confirmation by e-mail. If the order has already shipped, you can return it within [returnWindowDays] days of delivery.',
          ),
        ],
        [message('Order kept', 'All right, order [OrderNumber] stays as it is.')],
      ),
      [orderNotFound(), askAgain()],
    ),
    { end: 'endFlow' },
  ],
};
