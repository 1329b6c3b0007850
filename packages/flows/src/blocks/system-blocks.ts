import { field } from '../block-fields';
import { defineBlockKind } from './define-block-kind';

/** Microsoft SCSM ticketing blocks: in the palette only when the bot's settings list the category. */
const ticketOutputs = ['SCSM'];
const ticketIcon = 'ticket';

export const getTicketBlock = defineBlockKind({
  fc: 'GetTicket',
  displayName: 'Get Ticket',
  category: 'system',
  fields: [field('ticketId', 'text', 'Ticket id')],
  outputs: ticketOutputs,
  palette: { icon: ticketIcon, help: 'Reads a ticket of the ticketing system.' },
});

export const createTicketBlock = defineBlockKind({
  fc: 'CreateTicket',
  displayName: 'Create Ticket',
  category: 'system',
  fields: [
    field('name', 'text', 'Name'),
    field('description', 'text', 'Description'),
    field('status', 'text', 'Status'),
    field('contact-method', 'text', 'Contact method'),
    field('support-group', 'text', 'Support group'),
    field('classification', 'text', 'Classification'),
    field('primary-owner', 'text', 'Primary owner'),
    field('urgent', 'boolean', 'Urgent', { default: false }),
  ],
  outputs: ticketOutputs,
  palette: { icon: ticketIcon, help: 'Opens a ticket in the ticketing system.' },
});

export const editTicketBlock = defineBlockKind({
  fc: 'EditTicket',
  displayName: 'Edit Ticket',
  category: 'system',
  fields: [
    field('ticketId', 'text', 'Ticket id'),
    field('name', 'text', 'Name'),
    field('description', 'text', 'Description'),
    field('status', 'text', 'Status'),
    field('primary-owner', 'text', 'Primary owner'),
  ],
  outputs: ticketOutputs,
  palette: { icon: ticketIcon, help: 'Changes a ticket of the ticketing system.' },
});

export const getTicketsOfUserBlock = defineBlockKind({
  fc: 'GetTicketsOfUser',
  displayName: 'Get Tickets of User',
  category: 'system',
  fields: [],
  outputs: ticketOutputs,
  palette: { icon: ticketIcon, help: "Lists the user's tickets." },
});

export const getAssetsOfUserBlock = defineBlockKind({
  fc: 'GetAssetsOfUser',
  displayName: 'Get Assets of User',
  category: 'system',
  fields: [
    field('typeFilterEnabled', 'boolean', 'Filter by type', { default: false }),
    field('typeFilter', 'text', 'Type'),
    field('modelFilterEnabled', 'boolean', 'Filter by model', { default: false }),
    field('modelFilter', 'text', 'Model'),
  ],
  outputs: ticketOutputs,
  palette: { icon: 'devices', help: "Lists the user's assets, by type or model if asked." },
});

export const getAssetDetailsBlock = defineBlockKind({
  fc: 'GetAssetDetails',
  displayName: 'Get Asset Details',
  category: 'system',
  fields: [field('assetId', 'text', 'Asset id')],
  outputs: ticketOutputs,
  palette: { icon: 'devices', help: 'Reads the details of an asset.' },
});

export const SYSTEM_BLOCKS = [
  getTicketBlock,
  createTicketBlock,
  editTicketBlock,
  getTicketsOfUserBlock,
  getAssetsOfUserBlock,
  getAssetDetailsBlock,
] as const;
