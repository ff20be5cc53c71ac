/**
 * The dashboard's grids, shared by the cards and their loading skeleton so both have one shape:
 * everything in one column on a phone, side by side on wider screens. `minmax(0, …)` lets a cell
 * shrink below its content, so nothing pushes the page wider than a 375 px phone.
 */
const cols = (n: number) => (n === 1 ? 'minmax(0, 1fr)' : `repeat(${n}, minmax(0, 1fr))`);

const grid = (gap: number, gridTemplateColumns: Record<string, string>) => ({
  display: 'grid',
  gap,
  minWidth: 0,
  gridTemplateColumns,
});

export const LAYOUT = {
  /** Vehicles inside now beside today's figures. */
  top: grid(2, { xs: cols(1), lg: 'minmax(0, 1fr) minmax(0, 2fr)' }),
  /** Money (two rows high from md) and the four counts. */
  figures: grid(1.5, { xs: cols(2), md: cols(3) }),
  /** The money card: the whole width on a phone, the first column from md. */
  money: { gridColumn: { xs: '1 / -1', md: 'span 1' }, gridRow: { md: 'span 2' } },
  vehicles: grid(1.5, { xs: cols(1), sm: cols(2), lg: cols(3) }),
  /** The chart, with the top shops beside it when there are some. */
  bottom: (withSide: boolean) => ({
    ...grid(2, { xs: cols(1), lg: withSide ? 'minmax(0, 2fr) minmax(0, 1fr)' : cols(1) }),
    // The chart keeps its own height beside a long list of shops: no empty card below it.
    alignItems: 'start',
  }),
};
