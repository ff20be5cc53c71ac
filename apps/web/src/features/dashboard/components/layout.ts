/**
 * The dashboard's grids below its top cards (those, and the loading skeleton, are plain CSS with
 * the same columns: dashboard-top.css): everything in one column on a phone, side by side on
 * wider screens. `minmax(0, …)` lets a cell shrink below its content, so nothing pushes the page
 * wider than a 375 px phone.
 */
const cols = (n: number) => (n === 1 ? 'minmax(0, 1fr)' : `repeat(${n}, minmax(0, 1fr))`);

const grid = (gap: number, gridTemplateColumns: Record<string, string>) => ({
  display: 'grid',
  gap,
  minWidth: 0,
  gridTemplateColumns,
});

export const LAYOUT = {
  vehicles: grid(1.5, { xs: cols(1), sm: cols(2), lg: cols(3) }),
  /** The chart, with the top shops beside it when there are some. */
  bottom: (withSide: boolean) => ({
    ...grid(2, { xs: cols(1), lg: withSide ? 'minmax(0, 2fr) minmax(0, 1fr)' : cols(1) }),
    // The chart keeps its own height beside a long list of shops: no empty card below it.
    alignItems: 'start',
  }),
};
