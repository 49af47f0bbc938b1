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
];
