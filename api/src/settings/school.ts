import {
  centsToEuros,
  defaultSchoolSettings,
  eurosToCents,
  schoolSettingsDecider,
  SETTING_KEYS,
  settingsInForce,
  streams,
  type SchoolSettings,
  type SchoolSettingsState,
  type SchoolSettingsChange,
  type SchoolSettingsPage,
  type SchoolSettingsUpdate,
  type SchoolSettingsView,
} from '@parliamo/domain';
import { schoolSettingsChanges, schoolSettingsSet, type Queryable } from '@parliamo/projections';
import { runCommand, type CommandDeps } from '../platform/command.ts';
import { LedgerSession } from '../platform/ledger-session.ts';

/** The rules' part of the settings: what a checkout, a booking or a purchase reads when it decides. */
export type RulesInForce = Pick<SchoolSettings, 'feeCents' | 'noticeHours' | 'validityMonths' | 'reportWindowHours' | 'answerWindowHours'>;

/** The settings before any change: the product's values, the contact address of the server's configuration. */
export const schoolDefaults = (config: { contactEmail: string }): SchoolSettings => defaultSchoolSettings(config.contactEmail);

/**
 * The rules in force, folded from the school-settings stream in the command's own session (a retry
 * of the command reads them again). The contact address plays no part in a rule.
 */
export async function loadRules(session: LedgerSession): Promise<RulesInForce> {
  return rulesOf(await session.load(streams.schoolSettings(), schoolSettingsDecider));
}

/** The rules in force from the folded school-settings stream (for a command that loads it with others). */
export function rulesOf(state: SchoolSettingsState): RulesInForce {
  const { feeCents, noticeHours, validityMonths, reportWindowHours, answerWindowHours } = settingsInForce(state, defaultSchoolSettings(''));
  return { feeCents, noticeHours, validityMonths, reportWindowHours, answerWindowHours };
}

/** The rules in force, read from the ledger outside a command (the checkout prices with them first). */
export function rulesInForce(deps: Pick<CommandDeps, 'ledger' | 'streamStates'>): Promise<RulesInForce> {
  return loadRules(new LedgerSession(deps.ledger, deps.streamStates));
}

/** The settings in force from the read model, for pages and read routes. */
export async function schoolSettingsNow(db: Queryable, config: { contactEmail: string }): Promise<SchoolSettings> {
  return settingsInForce(await schoolSettingsSet(db), schoolDefaults(config));
}

/** Applies an admin's change (only the fields that differ are recorded); the read model shows it on return. */
export async function changeSchoolSettings(
  deps: CommandDeps,
  c: { values: Partial<SchoolSettings>; defaults: SchoolSettings; adminId: string },
): Promise<void> {
  await runCommand(deps, async (session) => {
    const stream = streams.schoolSettings();
    const state = await session.load(stream, schoolSettingsDecider);
    const events = schoolSettingsDecider.decide({ type: 'ChangeSchoolSettings', data: { ...c, now: deps.clock.now().toISOString() } }, state);
    if (!events.length) return { result: null, value: undefined };
    return { result: await session.append([{ stream, events }], { actorId: c.adminId, command: 'ChangeSchoolSettings' }), value: undefined };
  });
}

/** The settings as the API shows them (the fee in euros). */
export function settingsView(s: SchoolSettings): SchoolSettingsView {
  const { feeCents, ...rest } = s;
  return { ...rest, fee: centsToEuros(feeCents) };
}

/** An admin's update in the ledger's terms (the fee in cents). */
export function settingsValues(u: SchoolSettingsUpdate): Partial<SchoolSettings> {
  const { fee, ...rest } = u;
  const values: Partial<SchoolSettings> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (fee !== undefined) values.feeCents = eurosToCents(fee);
  return values;
}

const keyOrder = (key: string) => (SETTING_KEYS as readonly string[]).indexOf(key);

/** The settings in force and the audit trail (with the admins' names), newest first. */
export async function schoolSettingsPage(db: Queryable, config: { contactEmail: string }): Promise<SchoolSettingsPage> {
  const [settings, rows] = await Promise.all([schoolSettingsNow(db, config), schoolSettingsChanges(db)]);
  const ids = [...new Set(rows.map((r) => r.adminId))];
  const names = new Map<string, string>();
  if (ids.length) {
    const { rows: people } = await db.query<{ id: string; name: string }>(
      `SELECT id::text AS id, first_name || ' ' || last_name AS name FROM users WHERE id::text = ANY($1::text[])`,
      [ids],
    );
    for (const p of people) names.set(p.id, p.name);
  }
  const changes: SchoolSettingsChange[] = rows.map((r) => ({
    eventId: r.eventId,
    adminId: r.adminId,
    adminName: names.get(r.adminId) ?? null,
    changedAt: r.changedAt.toISOString(),
    // jsonb keeps its own key order: shown in the settings' order instead.
    changes: Object.entries(r.changes).sort(([a], [b]) => keyOrder(a) - keyOrder(b)).map(([key, c]) =>
      key === 'feeCents'
        ? { field: 'fee', from: centsToEuros(Number(c.from)), to: centsToEuros(Number(c.to)) }
        : { field: key, from: c.from as string | number | boolean, to: c.to as string | number | boolean },
    ),
  }));
  return { settings: settingsView(settings), changes };
}
