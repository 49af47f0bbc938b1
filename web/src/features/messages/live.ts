// One EventSource per tab on GET /api/conversations/events, shared by every component that wants the
// live messages (the unread count in the header and side menu, an open conversation). The browser
// reconnects by itself after a drop and sends Last-Event-ID, so the server resumes with no gap.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveMessageEvent } from '@parliamo/domain/contracts/messages';
import { applyLiveEvent } from './queries.ts';

type Listener = (event: LiveMessageEvent) => void;

let source: EventSource | null = null;
const listeners = new Set<Listener>();

function connect(onEvent: Listener): EventSource {
  const s = new EventSource('/api/conversations/events', { withCredentials: true });
  s.addEventListener('message', (e) => {
    const event = JSON.parse((e as MessageEvent<string>).data) as LiveMessageEvent;
    onEvent(event);
    for (const l of listeners) l(event);
  });
  return s;
}

/** Keeps the tab's live stream open while mounted, the caches up to date; `onEvent` hears each new message. */
export function useLiveMessages(onEvent?: Listener): void {
  const qc = useQueryClient();
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    const listener: Listener = (e) => latest.current?.(e);
    listeners.add(listener);
    source ??= connect((e) => applyLiveEvent(qc, e));
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        source?.close();
        source = null;
      }
    };
  }, [qc]);
}
