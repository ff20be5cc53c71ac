import { useTranslation } from 'react-i18next';
import { Spinner } from './plain/spinner';

/**
 * Shown while the session check runs and while a screen loads (spec §2). Plain markup (MUI's
 * CircularProgress and body text look-alike): it is the first thing every route draws.
 */
export function LoadingScreen({ fullScreen = false, label }: { fullScreen?: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="progressbar"
      aria-busy="true"
      aria-label={label ?? t('states.loading')}
      data-testid="loading-screen"
      className={fullScreen ? 'ph-loading ph-loading--full' : 'ph-loading'}
    >
      <Spinner />
      <p className="ph-loading__text">{label ?? t('states.loading')}</p>
    </div>
  );
}
