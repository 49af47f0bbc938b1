import { createContext, useContext, type ComponentType } from 'react';

/**
 * What features add to the shell, by place: a link of the header, a badge beside a side menu's link
 * (by the link's path). The app gives them (App.tsx: the messages feature's link and unread count),
 * so the shell shows them without reaching into a feature, and their code loads on first use (the
 * caller puts it inside a Suspense boundary).
 */
export const ShellExtras = createContext<Readonly<Record<string, ComponentType>>>({});

/** What the app gives for `place`, if anything. */
export function ShellExtra({ place }: { place: string }) {
  const Extra = useContext(ShellExtras)[place];
  return Extra ? <Extra /> : null;
}
