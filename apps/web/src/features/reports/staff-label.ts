/** A staff row as the payment report lists it. */
export interface StaffNaming {
  staffName: string | null;
  username: string | null;
}

/**
 * Each row's staff label: the full name, with the user name added where two rows share a name
 * (two "Mali"s of two shops must not look like one person). `none` when neither is known.
 */
export function staffLabels(rows: StaffNaming[], none: string): string[] {
  const name = (r: StaffNaming) => r.staffName ?? r.username ?? none;
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(name(r), (seen.get(name(r)) ?? 0) + 1);
  return rows.map((r) => {
    const label = name(r);
    return (seen.get(label) ?? 0) > 1 && r.staffName && r.username ? `${label} (${r.username})` : label;
  });
}
