import { Suspense, lazy, useEffect, useState } from 'react';
import { toaster } from './toaster.tsx';

const ToasterView = lazy(() => import('./ToasterView.tsx'));

/**
 * The notification area, mounted once the page has loaded and the browser is idle (or at the first
 * toast, which it then shows), so that its code stays off the first page's critical path.
 */
export function LazyToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const unsubscribe = toaster.subscribe(mount);
    // Safari has no requestIdleCallback: a short timeout stands in.
    const idleCallback = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    let idle: number | undefined;
    const whenIdle = () => {
      idle = idleCallback(mount, { timeout: 2000 });
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      unsubscribe();
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) cancelIdle(idle);
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
