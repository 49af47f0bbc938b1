/** What the rest of the web uses of messages: the Message button, the live stream and the reads. */
export { MessageButton } from './MessageButton.tsx';
export { useLiveMessages } from './live.ts';
export { messageQueries } from './queries.ts';
