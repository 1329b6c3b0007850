import { field } from '../block-fields';
import { defineBlockKind } from './define-block-kind';

/** Foodl ordering blocks: in the palette only when the bot's settings list the category. */
export const addToBasketBlock = defineBlockKind({
  fc: 'addToBasket',
  displayName: 'Add to Basket',
  category: 'foodl',
  fields: [
    field('name', 'text', 'Name'),
    field('quantity', 'text', 'Quantity'),
    field('category', 'text', 'Category'),
    field('volume', 'text', 'Volume'),
  ],
  palette: { icon: 'basket', help: "Adds a product to the user's Foodl basket." },
});

export const FOODL_BLOCKS = [addToBasketBlock] as const;
