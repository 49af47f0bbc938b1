/** The active language for components: the provider, the switch's hook and `useT`. See docs/i18n.md. */
import { createContext, Fragment, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { formatIcuParts, type Locale, type MessageValues } from '@parliamo/domain/i18n';
import { apiRequest, queryClient } from './api.ts';
import { sharedQueries } from './queries.ts';
import { currentLocale, initialLocale, loadLocale, messageOf, rememberLocale, t, type Messages } from './i18n-store.ts';

interface LocaleContextValue {
  locale: Locale;
  /** Switches language: loads its catalogs, keeps the choice (cookie; the person's settings when signed in). */
  setLocale: (locale: Locale) => Promise<void>;
  /** After sign-in: takes the language the API set in the cookie from the person's setting. */
  followCookie: () => Promise<void>;
}

const LocaleContext = createContext<LocaleContextValue>({ locale: 'en', setLocale: async () => {}, followCookie: async () => {} });

/**
 * Provides the active language (already loaded by main.tsx before the first render). Switching
 * remounts the tree under it, so every string, including those of format.ts, is read again.
 */
export function I18nProvider({ initial, children }: { initial: Messages; children: ReactNode }) {
  const [state, setState] = useState({ locale: currentLocale(), messages: initial });
  const setLocale = useCallback(async (locale: Locale) => {
    const messages = await loadLocale(locale);
    rememberLocale(locale);
    setState({ locale, messages });
    if (queryClient.getQueryData(sharedQueries.session().queryKey)) {
      // The person's own setting: their mails and PDFs follow it, and it comes back at the next sign-in.
      await apiRequest('PUT', '/api/settings', { language: locale }).catch((e: unknown) => console.warn('Language not saved', e));
      await queryClient.invalidateQueries({ queryKey: sharedQueries.personalSettings().queryKey });
    }
  }, []);
  const followCookie = useCallback(async () => {
    const locale = initialLocale();
    if (locale !== currentLocale()) setState({ locale, messages: await loadLocale(locale) });
  }, []);
  const value = useMemo(() => ({ locale: state.locale, setLocale, followCookie }), [state.locale, setLocale, followCookie]);
  return (
    <LocaleContext.Provider value={value}>
      <Fragment key={state.locale}>{children}</Fragment>
    </LocaleContext.Provider>
  );
}

/** The active language and the way to change it. */
export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

/** `t(key, values)` for a component: re-renders when the language changes. Keys are `<area>.<key>`. */
export function useT(): (id: string, values?: MessageValues) => string {
  const { locale } = useLocale();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the locale is what makes `t` read new messages
  return useCallback((id: string, values?: MessageValues) => t(id, values), [locale]);
}

/**
 * A message with markup: tags in the message become elements, e.g. "New here? <link>Create an
 * account</link>" with `values={{ link: (text) => <Link to="/register">{text}</Link> }}`.
 */
export function Trans({ id, values }: { id: string; values?: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)> }) {
  const { locale } = useLocale();
  const message = messageOf(id);
  if (message === undefined) return <>{id}</>;
  const parts = formatIcuParts<ReactNode>(message, locale, values ?? {});
  return <>{Array.isArray(parts) ? parts.map((p, i) => <Fragment key={i}>{p}</Fragment>) : parts}</>;
}
