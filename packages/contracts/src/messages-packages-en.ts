import type { packagesLo } from './messages-packages-lo.ts';

/** The English messages of the packages (issue 13), spread into messages-en.ts. */
export const packagesEn: Record<keyof typeof packagesLo, string> = {
  'validation.packageNameRequired': 'Enter the package name',
  'validation.ticketsFormat': 'The number of tickets must be a whole number, not negative',
  'validation.allowanceFormat':
    'An allowance is a whole number (users at least 1, branches at least 0); empty means no limit',
  'validation.monthFormat': 'The month is not valid (for example 2026-08)',
  'validation.packageMonthPast':
    'A month before this one cannot be chosen: past months’ invoices keep their package',
  'validation.packageRequired': 'Choose a package',
  'validation.feeCodeFormat': 'A fee code has 2–32 characters: A–Z, 0–9 and _, starting with a letter',
  'validation.feeNameRequired': 'Enter the fee name',
  'errors.packageNotFound': 'Package not found',
  'errors.packageInactive': 'This package is no longer offered; choose another one',
  'errors.packageCannotBeCleared': 'This shop has a package: it can be changed to another one, not removed',
  'errors.feeNotFound': 'Fee not found',
  'errors.feeCodeTaken': 'This fee code is already used',
  'errors.usersAllowanceReached':
    'This shop’s package allows at most {{max}} users (main shop and branches together): delete users no longer needed or change the package',
  'errors.branchesAllowanceReached':
    'This shop’s package allows at most {{max}} branches: close a branch no longer needed or change the package',
  'success.packageDeactivated':
    'This package is or was used by a shop, so it was deactivated instead of deleted',
};
