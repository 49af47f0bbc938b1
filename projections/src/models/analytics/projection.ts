import type pg from 'pg';
import { romeMonthOf } from '@parliamo/domain';
import type { Projection } from '../../types.ts';
import { typed } from '../shared.ts';

/**
 * The analytics read model: the expired hours per Rome month (HoursExpired.expiredAt), kept so that
 * the admin's analytics read a few rows per month instead of every expiry of the range.
 *
 * A package may expire more than once (an hour refunded after its expiry lapses again at once), and
 * the analytics count a package once per month and once over a range. So each month counts its
 * distinct packages, and `expiry_gaps` counts, per pair of months (from, to), the packages whose
 * expiry months follow each other so; a range's packages are its months' counts minus the pairs that
 * lie inside it (a package with k months in the range has k - 1 such pairs). `expired_packages` holds
 * each package's months, read by key only when a batch expires it again.
 */
export const analyticsProjection: Projection = {
  name: 'analytics',
  version: 1,
  tables: ['expiry_months', 'expiry_gaps', 'expired_packages'],
  createSql: (t) => `
    CREATE TABLE ${t.expiry_months} (
      month text PRIMARY KEY,
      hours bigint NOT NULL,
      packages integer NOT NULL
    );
    CREATE TABLE ${t.expiry_gaps} (
      from_month text NOT NULL,
      to_month text NOT NULL,
      packages integer NOT NULL,
      PRIMARY KEY (from_month, to_month)
    );
    CREATE TABLE ${t.expired_packages} (
      package_id text PRIMARY KEY,
      months text[] NOT NULL
    );
  `,
  async apply(client, events, t) {
    const hours = new Map<string, number>();
    const monthsOf = new Map<string, Set<string>>();
    for (const e of events) {
      const ev = typed(e);
      if (ev.type !== 'HoursExpired') continue;
      const month = romeMonthOf(ev.data.expiredAt);
      hours.set(month, (hours.get(month) ?? 0) + ev.data.hours);
      const months = monthsOf.get(ev.data.packageId) ?? new Set<string>();
      monthsOf.set(ev.data.packageId, months.add(month));
    }
    if (!monthsOf.size) return;
    await addExpiries(client, t, hours, monthsOf);
  },
};

/** Moves the months' hours and packages and the packages' gaps by a batch's expiries. */
async function addExpiries(client: pg.PoolClient, t: Record<string, string>, hours: Map<string, number>, monthsOf: Map<string, Set<string>>) {
  const { rows } = await client.query<{ package_id: string; months: string[] }>(
    `SELECT package_id, months FROM ${t.expired_packages} WHERE package_id = ANY($1::text[])`,
    [[...monthsOf.keys()]],
  );
  const before = new Map(rows.map((r) => [r.package_id, r.months]));
  const packages = new Map<string, number>();
  const gaps = new Map<string, number>();
  const move = (map: Map<string, number>, key: string, by: number) => map.set(key, (map.get(key) ?? 0) + by);
  const pairs = (months: string[]) => months.slice(1).map((m, i) => `${months[i]} ${m}`);
  const after: { package_id: string; months: string[] }[] = [];
  for (const [packageId, added] of monthsOf) {
    const old = before.get(packageId) ?? [];
    const months = [...new Set([...old, ...added])].sort();
    if (months.length === old.length) continue;
    for (const m of months) if (!old.includes(m)) move(packages, m, 1);
    for (const p of pairs(old)) move(gaps, p, -1);
    for (const p of pairs(months)) move(gaps, p, 1);
    after.push({ package_id: packageId, months });
  }
  await client.query(
    `INSERT INTO ${t.expiry_months} AS m (month, hours, packages)
     SELECT month, sum(hours), sum(packages) FROM jsonb_to_recordset($1::jsonb) AS x(month text, hours bigint, packages int) GROUP BY month
     ON CONFLICT (month) DO UPDATE SET hours = m.hours + EXCLUDED.hours, packages = m.packages + EXCLUDED.packages`,
    [JSON.stringify([
      ...[...hours].map(([month, h]) => ({ month, hours: h, packages: 0 })),
      ...[...packages].map(([month, n]) => ({ month, hours: 0, packages: n })),
    ])],
  );
  if (!after.length) return;
  await client.query(
    `INSERT INTO ${t.expired_packages} AS p (package_id, months)
     SELECT package_id, ARRAY(SELECT jsonb_array_elements_text(months)) FROM jsonb_to_recordset($1::jsonb) AS x(package_id text, months jsonb)
     ON CONFLICT (package_id) DO UPDATE SET months = EXCLUDED.months`,
    [JSON.stringify(after)],
  );
  const moved = [...gaps].filter(([, by]) => by !== 0).map(([pair, by]) => ({ from_month: pair.slice(0, 7), to_month: pair.slice(8), by }));
  if (!moved.length) return;
  await client.query(
    `INSERT INTO ${t.expiry_gaps} AS g (from_month, to_month, packages)
     SELECT from_month, to_month, by FROM jsonb_to_recordset($1::jsonb) AS x(from_month text, to_month text, by int)
     ON CONFLICT (from_month, to_month) DO UPDATE SET packages = g.packages + EXCLUDED.packages`,
    [JSON.stringify(moved)],
  );
  // A pair no package has any more has no row, as in a rebuild.
  await client.query(`DELETE FROM ${t.expiry_gaps} WHERE packages = 0 AND (from_month, to_month) IN (SELECT * FROM unnest($1::text[], $2::text[]))`, [
    moved.map((g) => g.from_month),
    moved.map((g) => g.to_month),
  ]);
}
