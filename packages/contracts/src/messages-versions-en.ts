import type { versionsLo } from './messages-versions-lo.ts';

/** The English messages of the staff mobile app's versions (issue 16), spread into messages-en.ts. */
export const versionsEn: Record<keyof typeof versionsLo, string> = {
  'validation.appPlatform': 'Choose the platform: android or ios',
  'validation.semver': 'Invalid version: three numbers MAJOR.MINOR.PATCH (for example 1.4.2), no suffix',
  'validation.appBuild': 'The build number is a whole number from 1 to 2,100,000,000',
  'validation.minAboveVersion': 'The minimum supported version may not be above this version',
  'validation.storeUrl': 'Invalid store link: it must start with https:// and be at most 500 characters',
  'validation.notesTooLong': 'The release notes are too long (at most 1,000 characters)',
  'validation.releasedAt': 'Invalid release date and time',
  'errors.appVersionNotFound': 'App version not found',
  'errors.appVersionTaken': 'This version already exists on this platform',
  'errors.appBuildTaken': 'This build number already exists on this platform',
  'errors.appBuildOrder': 'Build numbers must follow the versions: version {{version}} has build {{build}}',
  'success.appUpToDate': 'The app is up to date',
  'success.appUpdateAvailable': 'A new app version {{version}} is available',
  'success.appUpdateRequired': 'Update the app to version {{version}} to go on',
  'success.noAppRelease': 'No app version has been released for this platform yet',
};
