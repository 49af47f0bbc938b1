import { hourPackagesIndexes } from './models/hour-packages/projection.ts';
import { lessonsIndexes, studentActivityIndexes } from './models/lessons/projection.ts';
import { receiptsIndexes } from './models/receipts/projection.ts';

/** A schema change ({ id, sql }), the shape api/src/platform/db/migrate.ts applies. */
export interface ProjectionMigration {
  id: string;
  sql: string;
}

export const projectionMigrations: ProjectionMigration[] = [
  {
    id: 'projections/001-checkpoints',
    sql: `
-- Where each read model stands in the ledger's global order (ledger Position: commit = transaction
-- id, prepare = global position). Moved in the same transaction as the batch it records.
CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  version int NOT NULL,
  commit_position bigint NOT NULL,
  prepare_position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);`,
  },
  {
    // Indexes for a busy teacher's and student's lists, so their cost does not grow with the history.
    // The models' createSql has them for new and rebuilt tables; this adds them to the live
    // tables of an existing database (on a new one the runner creates the tables after the migrations).
    id: 'projections/002-list-indexes',
    sql: [
      onLiveTables(['bookings', 'teacher_earnings'], lessonsIndexes({ bookings: 'bookings', teacher_earnings: 'teacher_earnings' })),
      onLiveTables(['payment_documents'], receiptsIndexes({ payment_documents: 'payment_documents' })),
    ].join('\n'),
  },
  {
    // A teacher's usable packages from an index (the dashboard's and the teacher's students' hours);
    // as 002, for the live table of an existing database.
    id: 'projections/003-teacher-usable-packages',
    sql: onLiveTables(['hour_packages'], hourPackagesIndexes({ hour_packages: 'hour_packages' })),
  },
  {
    // The students active in a range of months from an index, so the admin's analytics
    // stay fast on a long history; as 002, for the live table of an existing database.
    id: 'projections/004-student-activity-months',
    sql: onLiveTables(['student_activity'], studentActivityIndexes({ student_activity: 'student_activity' })),
  },
];

/** `sql` run only when all `tables` exist. */
function onLiveTables(tables: string[], sql: string): string {
  const exist = tables.map((t) => `to_regclass('${t}') IS NOT NULL`).join(' AND ');
  return `DO $do$ BEGIN IF ${exist} THEN EXECUTE $sql$${sql}$sql$; END IF; END $do$;`;
}
