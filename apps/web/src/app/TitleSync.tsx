import { PRODUCT_NAME } from '@parley/contracts';
import { useEffect } from 'react';
import { useMatches } from 'react-router';

export interface RouteHandle {
  /** The page title after the product name: 'Login' gives 'Parley - Login'. */
  title?: string;
}

/** Sets document.title from the deepest route that names one. */
export function TitleSync() {
  const matches = useMatches();
  const title = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  useEffect(() => {
    document.title = title?.title ? `${PRODUCT_NAME} - ${title.title}` : PRODUCT_NAME;
  }, [title]);
  return null;
}
