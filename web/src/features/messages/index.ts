/** What the rest of the web uses of messages: the Message button, and the live unread count (loaded on first use). */
import { lazy } from 'react';

export { MessageButton } from './MessageButton.tsx';
export { useLiveMessages } from './live.ts';
export { messageQueries } from './queries.ts';
/** The unread badge of the header and the side menu, in its own chunk with the live stream. */
export const UnreadCount = lazy(() => import('./UnreadCount.tsx'));
