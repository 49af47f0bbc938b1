// Who calls a route, and how a route of the catalog (routes.ts) is described.
import type { z } from 'zod';
import type pg from 'pg';
import type { TestUser } from '../../api/src/testing/users.ts';

export type Actor = 'visitor' | 'student' | 'otherStudent' | 'teacher' | 'admin';
export const ACTORS: Actor[] = ['visitor', 'student', 'otherStudent', 'teacher', 'admin'];
export const SIGNED_IN: Actor[] = ['student', 'otherStudent', 'teacher', 'admin'];

/** The people and things every route is tried against. `student` owns the resources. */
export interface World {
  pool: pg.Pool;
  people: Record<Exclude<Actor, 'visitor'>, TestUser>;
  /** Ids of things `student` owns (a booking, a package, a payment...), filled by the suites that make them. */
  owned: Record<string, string>;
}

export interface CallContext {
  world: World;
  /** The caller (undefined for a visitor). */
  as: TestUser | undefined;
}

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as docs/api.md writes it. */
  route: string;
  /** The concrete path to call (fills :id); default `route`. */
  path?: (c: CallContext) => string | Promise<string>;
  /** A valid body for the caller. */
  body?: (c: CallContext) => unknown | Promise<unknown>;
  /** Who may call it (gets neither 401 nor 403 nor 404 from the authorization checks). */
  allowed: Actor[];
  /** The body's zod contract, the very schema the route declares (tests/integration/contracts.test.ts checks it). */
  bodySchema?: z.ZodType;
  /** The query string's zod contract, the very schema the route declares. */
  querySchema?: z.ZodType;
  /** Checks that an allowed answer shows the caller's own data only. */
  own?: (json: any, c: CallContext) => void;
  /** Writes to the ledger when it succeeds. */
  ledgerWrite?: boolean;
}

