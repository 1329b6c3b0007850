import { PRODUCT_NAME } from '@parley/contracts';
import { useEffect } from 'react';
import { type Params, useMatches } from 'react-router';

export interface RouteHandle {
  /**
   * The page title after the product name: 'Login' gives 'Parley - Login'; a function of the
   * route's values names what is open ('Parley - Support Bot - Intents').
   */
  title?: string | ((params: Params) => string);
}

/** Sets document.title from the deepest route that names one. */
export function TitleSync() {
  const matches = useMatches();
  const match = [...matches]
    .reverse()
    .find((candidate) => (candidate.handle as RouteHandle | undefined)?.title);
  const title = (match?.handle as RouteHandle | undefined)?.title;
  const text = typeof title === 'function' && match ? title(match.params) : title;
  useEffect(() => {
    document.title = typeof text === 'string' && text ? `${PRODUCT_NAME} - ${text}` : PRODUCT_NAME;
  }, [text]);
  return null;
}
