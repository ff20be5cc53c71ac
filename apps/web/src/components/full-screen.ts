/** A dialog's paper on a phone: the whole screen (the theme gives dialogs a 16 px margin). */
export const FULL_SCREEN_PAPER = {
  m: 0,
  width: '100%',
  maxWidth: '100%',
  height: '100%',
  maxHeight: '100%',
  borderRadius: 0,
} as const;
