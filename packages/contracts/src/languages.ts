/** The app's languages: Lao first (the default), English second. No texts here (the web's entry imports it). */
export const LANGUAGES = ['lo', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
