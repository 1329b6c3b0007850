import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from './PageLoader';
import { TitleSync } from './TitleSync';

export function RootLayout() {
  return (
    <>
      <TitleSync />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
