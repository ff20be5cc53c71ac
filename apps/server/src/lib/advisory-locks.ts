/**
 * PostgreSQL advisory lock keys, all in one place so no two uses collide.
 * Transaction-scoped (`pg_advisory_xact_lock`) unless the user says otherwise.
 */
export const ADVISORY_LOCKS = {
  /** Session-scoped: one instance applies migrations at a time. */
  migrations: 7_346_201,
  /** The audit chain has one head: appends are serialised. */
  auditChain: 7_346_202,
  /** The first start creates the first SUPER-ADMIN once. */
  bootstrap: 7_346_203,
  /** Changes that could leave no active SUPER-ADMIN. */
  superAdmins: 7_346_204,
  /**
   * Plates given to members of a shop (members.repository lockPlates): the first of the two-key
   * form's keys, the second a hash of shop and plate (never meets the one-key locks above).
   */
  memberPlates: 7_346_205,
  /**
   * Making one month's rent invoices (issue 15): the two-key form, this key and the month as
   * yyyymm, so two instances (or the job and an admin's call) never make one month at once.
   */
  rentMonth: 7_346_206,
} as const;
