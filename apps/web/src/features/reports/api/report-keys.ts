/**
 * Query keys of the reports: one per endpoint and body. Kept in the feature (not lib/query-keys)
 * because nothing else invalidates them: a report is read fresh each time its screen opens.
 */
export const reportKeys = {
  all: ['reports'] as const,
  report: (endpoint: string, body: object) => [...reportKeys.all, endpoint, body] as const,
};
