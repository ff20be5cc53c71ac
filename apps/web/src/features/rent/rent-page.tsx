import PlaceholderPage from '../../app/placeholder-page';

/** Issue 15: being built (replaced before the issue closes). */
export default function Screen() {
  return <PlaceholderPage />;
}
