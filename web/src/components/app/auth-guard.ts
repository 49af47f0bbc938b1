import { useEffect } from 'react';
import { toaster } from '../toaster.tsx';
import { currentPath, loginPath } from '../../lib/next-path.tsx';
import { t } from '../../lib/i18n-store.ts';

let redirecting = false;

/**
 * Tells a signed-out person they are logged out, then sends them to /api/login after `delay` ms, which leads to /login with this page as `next`, so they come back here after signing in.
 */
export function sendToLogin(delay = 500): void {
  if (redirecting) return;
  redirecting = true;
  // The toast view loads lazily (main.tsx): on a first page load, wait until it is there to show the toast.
  void import('../ToasterView.tsx')
    .then(() => new Promise((resolve) => setTimeout(resolve, 50)))
    .then(() => {
      toaster.create({ type: 'error', title: t('common.app.unauthorized.title'), description: t('common.app.unauthorized.text') });
      setTimeout(() => {
        window.location.href = `/api${loginPath(currentPath())}`;
      }, delay);
    });
}

/** On a signed-in screen: when nobody is signed in, say so and go to the login. */
export function useRedirectVisitor(signedOut: boolean): void {
  useEffect(() => {
    if (signedOut) sendToLogin();
  }, [signedOut]);
}
