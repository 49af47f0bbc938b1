import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { formatLsn, parseLsn, PrimaryPositions, Replica, replicaLabel } from './replica.ts';

/** A replica's pool that answers the two queries Replica makes from `state`, or fails when `state.down`. */
function fakePool(state: { standby: boolean; replayed: string; down?: boolean }): pg.Pool {
  return {
    async query() {
      if (state.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
      return { rows: [{ standby: state.standby, lsn: state.standby ? state.replayed : null }] };
    },
  } as unknown as pg.Pool;
}

describe('WAL positions', () => {
  it('reads and writes pg_lsn text, and orders positions across the 4 GB boundary', () => {
    expect(parseLsn('16/B374D848')).toBe(0x16b374d848n);
    expect(formatLsn(parseLsn('16/B374D848'))).toBe('16/B374D848');
    expect(parseLsn('0/FFFFFFFF') < parseLsn('1/0')).toBe(true);
    expect(() => parseLsn('16-B374D848')).toThrow(/Not a WAL position/);
  });

  it('names a replica by host, port and database, never its password', () => {
    expect(replicaLabel('postgres://reader:secret@db-replica-1:5433/parliamo')).toBe('db-replica-1:5433/parliamo');
    expect(replicaLabel('postgres://reader:secret@localhost/parliamo?host=/run/postgresql')).toBe('/run/postgresql:5432/parliamo');
  });
});

describe('a replica\'s lag', () => {
  const positions = new PrimaryPositions();
  positions.add(1_000, parseLsn('0/100'));
  positions.add(2_000, parseLsn('0/200'));
  positions.add(3_000, parseLsn('0/300'));

  it('is the time since the primary first had WAL the replica has not replayed', () => {
    expect(positions.lagMs(parseLsn('0/250'), 3_500)).toBe(500);
    expect(positions.lagMs(parseLsn('0/50'), 3_500)).toBe(2_500);
    expect(positions.lagMs(parseLsn('0/300'), 3_500)).toBe(0);
  });

  it('keeps a standby within the limit in the rotation, and takes out one behind it, a promoted one and one down', async () => {
    const state = { standby: true, replayed: '0/150' };
    const replica = new Replica('r1', fakePool(state));
    const opts = { maxLagMs: 1_000, everyMs: 100 };
    expect(await replica.check(positions, 3_500, opts)).toBe('1500 ms behind the primary');
    expect(replica.inRotation).toBe(false);
    expect(replica.lagBytes).toBe(0x1b0n);

    state.replayed = '0/300';
    expect(await replica.check(positions, 3_500, opts)).toBeNull();
    expect(replica.inRotation).toBe(true);
    expect(replica.lagBytes).toBe(0n);

    state.standby = false;
    expect(await replica.check(positions, 3_500, opts)).toMatch(/not a standby/);
    expect(replica.inRotation).toBe(false);
  });

  it('checks a replica that is down less and less often, and takes it back once it answers', async () => {
    const state = { standby: true, replayed: '0/300', down: true };
    const replica = new Replica('r1', fakePool(state));
    const opts = { maxLagMs: 1_000, everyMs: 100 };
    expect(await replica.check(positions, 10_000, opts)).toMatch(/unreachable: connect ECONNREFUSED/);
    expect(replica.nextCheckAt).toBe(10_200);
    await replica.check(positions, 10_200, opts);
    expect(replica.nextCheckAt).toBe(10_600);
    state.down = false;
    expect(await replica.check(positions, 10_600, opts)).toBeNull();
    expect(replica.inRotation).toBe(true);
    expect(replica.nextCheckAt).toBe(10_700);
  });
});

describe('waiting for a replica to replay a write', () => {
  it('answers true once the replica replays the position, false when it does not within the bound', async () => {
    let polls = 0;
    const pool = {
      async query() {
        polls++;
        return { rows: [{ lsn: polls < 3 ? '0/100' : '0/200' }] };
      },
    } as unknown as pg.Pool;
    const replica = new Replica('r1', pool, 1);
    // Two waiters share one poll; each is answered as soon as the position is replayed.
    const [first, second] = await Promise.all([replica.reach(parseLsn('0/180'), 60_000), replica.reach(parseLsn('0/200'), 60_000)]);
    expect([first, second]).toEqual([true, true]);
    expect(polls).toBe(3);
    // Replayed already: no query at all.
    expect(await replica.reach(parseLsn('0/150'), 60_000)).toBe(true);
    expect(polls).toBe(3);
    expect(await replica.reach(parseLsn('0/900'), 5)).toBe(false);
  });
});
