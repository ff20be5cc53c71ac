import type { gateMembersLo } from './messages-gate-members-lo.ts';

/** The English messages of members at the gate (issue 14), spread into messages-en.ts. */
export const gateMembersEn: Record<keyof typeof gateMembersLo, string> = {
  'success.checkedInMember': 'Vehicle checked in: member {{name}}, pass valid until {{until}}, no fee',
  'success.checkedInPassExpired':
    'Vehicle checked in at the normal fee: membership card {{number}} ({{name}}) expired on {{until}}; please renew',
  'success.checkedInPassSuspended':
    'Vehicle checked in at the normal fee: membership card {{number}} ({{name}}) is suspended',
  'success.checkedInPassNotStarted':
    'Vehicle checked in at the normal fee: membership card {{number}} ({{name}}) starts on {{from}}',
  'success.checkedInPassOtherVehicle':
    'Vehicle checked in at the normal fee: membership card {{number}} ({{name}}) is for another type of vehicle',
};
