/**
 * The port to the Sistema di Interscambio. Without configuration there is no channel: documents wait
 * "ready to send" and the admin downloads their XML (one file, or a month's ZIP) to upload through the
 * school's own channel. With SDI_URL, an accredited intermediary's REST API is the channel:
 *   POST {SDI_URL}/invoices   body: the XML; headers X-File-Name, Authorization: Bearer SDI_TOKEN
 *     -> 202 { id, status: 'pending' } or 200 { id, status: 'RC' | 'MC' | 'NS', errorCode?, errorText? }
 *   GET  {SDI_URL}/invoices/{id} -> { id, status, errorCode?, errorText? }
 * A network error or a 5xx is a transport failure: the sender tries again later.
 */

export type SdiStatus = 'pending' | 'RC' | 'MC' | 'NS';

export interface SdiAnswer {
  sdiId: string;
  status: SdiStatus;
  errorCode: string | null;
  errorText: string | null;
}

export interface SdiChannel {
  /** Hands one file over; throws on a transport failure. */
  send(file: { fileName: string; xml: string }): Promise<SdiAnswer>;
  /** Asks for the outcome of a file handed over earlier; throws on a transport failure. */
  outcome(sdiId: string): Promise<SdiAnswer>;
}

/** A transport failure (network, timeout, 5xx): worth trying again. */
export class SdiTransportError extends Error {}

function answerOf(json: unknown): SdiAnswer {
  const a = json as { id?: unknown; status?: unknown; errorCode?: unknown; errorText?: unknown };
  // i18n-ignore: for the operator's log and the document's last_error, not shown to people
  if (typeof a.id !== 'string' || !['pending', 'RC', 'MC', 'NS'].includes(String(a.status))) throw new SdiTransportError('The intermediary answered without an id and a status');
  return { sdiId: a.id, status: a.status as SdiStatus, errorCode: typeof a.errorCode === 'string' ? a.errorCode : null, errorText: typeof a.errorText === 'string' ? a.errorText : null };
}

/** The HTTP adapter for an intermediary's REST API (see above). */
export function httpSdiChannel(baseUrl: string, token: string | undefined, timeoutMs = 30_000): SdiChannel {
  const base = baseUrl.replace(/\/$/, '');
  const call = async (url: string, init: RequestInit): Promise<SdiAnswer> => {
    let res: Response;
    try {
      // i18n-ignore: for the operator's log and the document's last_error, not shown to people
      res = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), ...(token ? { authorization: `Bearer ${token}` } : {}) }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      // i18n-ignore: for the operator's log and the document's last_error, not shown to people
      throw new SdiTransportError(`The intermediary could not be reached: ${(e as Error).message}`);
    }
    // i18n-ignore: for the operator's log and the document's last_error, not shown to people
    if (res.status >= 500 || res.status === 429) throw new SdiTransportError(`The intermediary answered ${res.status}`);
    // i18n-ignore: for the operator's log and the document's last_error, not shown to people
    if (!res.ok) throw new SdiTransportError(`The intermediary refused the request (${res.status}): ${(await res.text()).slice(0, 200)}`);
    return answerOf(await res.json());
  };
  return {
    send: (file) => call(`${base}/invoices`, { method: 'POST', headers: { 'content-type': 'application/xml', 'x-file-name': file.fileName }, body: file.xml }),
    outcome: (sdiId) => call(`${base}/invoices/${encodeURIComponent(sdiId)}`, { method: 'GET' }),
  };
}
