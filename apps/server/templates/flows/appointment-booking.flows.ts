import type { FlowStep } from '@parley/flows';
import {
  ask,
  callSystem,
  checkEntities,
  formatDate,
  ifExists,
  ifSucceeded,
  message,
  offer,
  remember,
} from './template-steps';

/** The Appointment booking template's dialog flows, by intent name (appointment-booking.json). */

const askForServiceAndBranch = (): FlowStep =>
  checkEntities('Ask for service and branch', {
    Service: 'What is the appointment for: a consultation, a check-up or a follow-up?',
    Branch: 'Which branch suits you best: Downtown, Riverside or Airport?',
  });

/**
 * The day the user named (the prebuilt Date entity) or asks for it. A multiple entity check
 * cannot ask for it: prebuilt entities are not among the bot's entities it may check.
 */
const dayOfTheAppointment = (): FlowStep =>
  ifExists(
    'Date',
    'Day given?',
    [
      {
        block: 'setVariable',
        name: 'Keep the day',
        fields: { 'variable-value': '[Date]' },
        outputs: ['day'],
      },
    ],
    [ask('Ask for the day', 'On which day would you like to come?', 'day')],
  );

const CALENDAR_AWAY = 'I cannot reach our booking calendar right now. Please try again in a few minutes.';

const findFreeSlots = (): FlowStep =>
  callSystem(
    {
      function: 'Check availability',
      name: 'Find free slots',
      fields: { date: '[day]', service: '[Service]', branch: '[Branch]' },
      outputs: ['freeSlots', 'firstFreeSlot'],
    },
    CALENDAR_AWAY,
  );

const formatFirstSlot = (): FlowStep => formatDate('Format the slot', '[firstFreeSlot]');

const noFreeSlot = (): FlowStep =>
  message(
    'No free slot',
    // Not [day]: it holds the Date entity's resolution when the user named the day in the request.
    'Sorry, there is no free slot for a [Service] at [Branch] on that day. Please try another day or another branch.',
  );

const askForBookingReference = (): FlowStep =>
  checkEntities('Ask for the booking reference', {
    BookingReference:
      'What is your booking reference? It is in your confirmation e-mail and looks like BK-4F7Q2Z.',
  });

const cancelBooking = (): FlowStep =>
  callSystem(
    {
      function: 'Cancel appointment',
      name: 'Cancel the booking',
      fields: { reference: '[BookingReference]' },
      outputs: ['cancelStatus'],
    },
    `${CALENDAR_AWAY} Your appointment [BookingReference] stays as it is until then.`,
  );

const bookingKept = (): FlowStep =>
  message('Booking kept', 'All right, your appointment [BookingReference] stays as it is.');

export const appointmentBookingFlows: Record<string, FlowStep[]> = {
  Greeting: [
    message(
      'Welcome',
      'Hello! I am the booking assistant. I can book a consultation, a check-up or a follow-up at our Downtown, Riverside or Airport branch, tell you which slots are free, and move or cancel appointments. How can I help?',
    ),
    { end: 'endFlow' },
  ],

  Goodbye: [
    message('Say goodbye', 'Thank you, and goodbye! If your plans change, write to us at [bookingEmail].'),
    { end: 'endFlow', clearEntities: true },
  ],

  BookAppointment: [
    askForServiceAndBranch(),
    dayOfTheAppointment(),
    findFreeSlots(),
    ifExists(
      'firstFreeSlot',
      'Free slot?',
      [
        formatFirstSlot(),
        ...offer(
          'Offer the slot',
          'The first free [Service] at [Branch] is on [formattedDate]. Shall I book it for you?',
          ['Book it', 'No, thanks'],
          'slotChoice',
          [
            ask('Ask for the name', 'Under which name shall I book it?', 'clientName'),
            remember('Remember the name', 'client', 'name', '[clientName]'),
            ask('Ask for the e-mail', 'And your e-mail address, for the confirmation?', 'clientEmail'),
            remember('Remember the e-mail', 'client', 'email', '[clientEmail]'),
            callSystem(
              {
                function: 'Book appointment',
                name: 'Book the slot',
                fields: {
                  slot: '[firstFreeSlot]',
                  service: '[Service]',
                  branch: '[Branch]',
                  name: '[clientName]',
                  email: '[clientEmail]',
                },
                outputs: ['bookingReference'],
              },
              `${CALENDAR_AWAY} Nothing is booked yet.`,
            ),
            ifExists(
              'bookingReference',
              'Booked?',
              [
                remember('Remember the booking', 'appointment', 'reference', '[bookingReference]'),
                {
                  function: 'Booking confirmation',
                  name: 'Confirm the booking',
                  fields: {
                    service: '[Service]',
                    branch: '[Branch]',
                    when: '[formattedDate]',
                    reference: '[bookingReference]',
                  },
                  outputs: [],
                },
                message(
                  'Explain cancelling',
                  'You can cancel or move it free of charge up to [freeCancellationHours] hours before it starts. See you then!',
                ),
              ],
              [
                message(
                  'Booking failed',
                  'Sorry, I could not book that slot: someone may just have taken it. Please try again, or write to us at [bookingEmail].',
                ),
              ],
            ),
          ],
          [message('No booking', 'No problem. Tell me another day or branch whenever you like.')],
        ),
      ],
      [noFreeSlot()],
    ),
    { end: 'endFlow' },
  ],

  CheckAvailability: [
    askForServiceAndBranch(),
    dayOfTheAppointment(),
    findFreeSlots(),
    ifExists(
      'firstFreeSlot',
      'Free slot?',
      [
        formatFirstSlot(),
        ...offer(
          'Offer to book',
          'The first free [Service] at [Branch] is on [formattedDate]; appointments take [slotMinutes] minutes. Would you like to book one?',
          ['Book an appointment', 'Not now'],
          'bookChoice',
          [{ end: { redirectToIntent: 'BookAppointment' }, name: 'Go to booking' }],
          [message('Not now', 'All right. Just ask me whenever you want to book.')],
        ),
      ],
      [noFreeSlot()],
    ),
    { end: 'endFlow' },
  ],

  RescheduleAppointment: [
    askForBookingReference(),
    ...offer(
      'Confirm the move',
      'To move [BookingReference], I cancel it and we book the new time together. Moving is free up to [freeCancellationHours] hours before the appointment. Shall I go ahead?',
      ['Yes, move it', 'No, keep it'],
      'moveChoice',
      [
        cancelBooking(),
        ifSucceeded(
          'cancelStatus',
          'Cancelled?',
          [
            message(
              'Old time cancelled',
              'Done: [BookingReference] is cancelled. Now let us find the new time.',
            ),
            { end: { redirectToIntent: 'BookAppointment' }, name: 'Book the new time' },
          ],
          [
            message(
              'Move failed',
              'I could not change [BookingReference]. Please check the reference, or write to us at [bookingEmail] and we move it for you.',
            ),
          ],
        ),
      ],
      [bookingKept()],
    ),
    { end: 'endFlow' },
  ],

  CancelAppointment: [
    askForBookingReference(),
    ...offer(
      'Confirm the cancellation',
      'Shall I cancel appointment [BookingReference]? Cancelling is free up to [freeCancellationHours] hours before it starts.',
      ['Yes, cancel it', 'No, keep it'],
      'cancelChoice',
      [
        cancelBooking(),
        ifSucceeded(
          'cancelStatus',
          'Cancelled?',
          [
            message(
              'Cancelled',
              'Your appointment [BookingReference] is cancelled. You get a confirmation by e-mail.',
            ),
          ],
          [
            message(
              'Cancelling failed',
              'I could not cancel [BookingReference]. Please check the reference, or write to us at [bookingEmail].',
            ),
          ],
        ),
      ],
      [bookingKept()],
    ),
    { end: 'endFlow' },
  ],
};
