/**
 * A dialog's form takes no box of its own: the dialog's title stays on top, its content scrolls
 * and the buttons stay at the bottom (a phone's full-screen sale, a long edit).
 */
export const FORM_IN_DIALOG = { display: 'contents' } as const;
