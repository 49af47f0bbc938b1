import { ledgerMigrations } from '@parliamo/ledger';
import { projectionMigrations } from '@parliamo/projections';
import type { Migration } from './platform/db/migrate.ts';
import { accountsMigrations } from './accounts/migrations.ts';
import { lessonsMigrations } from './lessons/migrations.ts';
import { invoicesMigrations } from './invoices/migrations.ts';
import { mailMigrations } from './mail/migrations.ts';
import { settingsMigrations } from './settings/migrations.ts';
import { publicVersionMigrations } from './platform/public-versions.ts';
import { messagesMigrations } from './messages/migrations.ts';

/** Every migration of the project, in the order they apply: ledger, projections, then api's own. */
export const allMigrations: Migration[] = [
  ...ledgerMigrations, ...projectionMigrations, ...accountsMigrations, ...lessonsMigrations, ...mailMigrations, ...settingsMigrations,
  ...publicVersionMigrations, ...messagesMigrations, ...invoicesMigrations,
];
