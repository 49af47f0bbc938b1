import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Signer } from '@fastify/cookie';
import { randomToken } from './tokens.ts';
import { loginKey } from './login-throttle.ts';

/** A browser stays trusted for this long after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in successfully carries `login.nonce.signature`, HMAC-signed with a key derived from the
 * session keys. Failed tries from such a browser slow down only that cookie; the per-account limit
 * applies to untrusted clients alone, so guesses from elsewhere never lock the owner out.
 */
export interface DeviceCookies {
  /** The cookie's name (`__Host-parliamo_device` over https). */
  name: string;
  /** The nonce of this request's device cookie when it is genuine and was issued for `email`; else null (untrusted). */
  nonceFor(request: FastifyRequest, email: string): string | null;
  /** Gives this browser a fresh device cookie for `email` (after a successful password check). */
  issue(reply: FastifyReply, email: string): void;
}

/** Device cookies signed with keys derived from `sessionKeys` (first signs, all verify: rotation). */
export function createDeviceCookies(sessionKeys: Buffer[], https: boolean): DeviceCookies {
  // A key of its own for this purpose, so a device signature can never serve as anything else.
  const keys = sessionKeys.map((key) => crypto.createHmac('sha256', key).update('parliamo device cookie v1').digest());
  const signer = new Signer(keys);
  const name = https ? '__Host-parliamo_device' : 'parliamo_device';
  return {
    name,
    nonceFor(request, email) {
      const raw = request.cookies[name];
      if (!raw) return null;
      const { valid, value } = signer.unsign(raw);
      if (!valid || !value) return null;
      const [login, nonce, extra] = value.split('.');
      if (extra !== undefined || !nonce || login !== loginKey(email)) return null;
      return nonce;
    },
    issue(reply, email) {
      reply.setCookie(name, signer.sign(`${loginKey(email)}.${randomToken()}`), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: https,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    },
  };
}
