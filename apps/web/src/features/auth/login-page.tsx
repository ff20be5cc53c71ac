import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { showAlert } from '../../components/feedback/alert-store';
import { handleResponse } from '../../components/feedback/handle-response';
import { ICON_PATHS, Icon } from '../../components/plain/icon';
import { PlainTextField } from '../../components/plain/plain-text-field';
import { Spinner } from '../../components/plain/spinner';
import { canEnter } from '../../lib/access';
import { sessionStore, useSession } from '../../lib/session-store';
import { login } from './api/login';
import './login-page.css';

const SignedInCard = lazy(() => import('./signed-in-card'));

/** Where to go after signing in: back to the screen that sent the user here, or the report. */
function targetOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/app') ? from : '/app';
}

interface FieldErrors {
  username?: string;
  password?: string;
}

/**
 * '/': sign in with user name (or phone) and password. Plain markup and CSS that look like the
 * MUI screens (components/plain): the login route loads neither MUI nor react-hook-form
 * (decision 005).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const isLogin = useSession((s) => s.isLogin);
  const [busy, setBusy] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('appTitle')}`;
  }, [t]);

  if (isLogin)
    return (
      <Suspense fallback={null}>
        <SignedInCard />
      </Suspense>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    if (!username.trim()) next.username = t('api:validation.usernameRequired');
    if (!password) next.password = t('api:validation.passwordRequired');
    setErrors(next);
    setFailure(null);
    if (next.username) return usernameRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();
    try {
      setBusy(true);
      const envelope = await login({ username: username.trim(), password });
      const result = envelope.data;
      if (!result) throw new Error(t('errors.parse'));
      if (!canEnter('general', result.user.role)) {
        void showAlert({ variant: 'error', title: t('noRight') });
        return;
      }
      sessionStore.signIn(result.token, result.user);
      handleResponse(envelope);
      navigate(targetOf(location.state), { replace: true });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('errors.unknown'));
      setPassword('');
      passwordRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ph-login">
      <div className="ph-login__card">
        <div className="ph-login__head">
          <Icon path={ICON_PATHS.localParking} className="ph-login__logo" />
          <h1 className="ph-login__title">{t('appTitle')}</h1>
          <p className="ph-login__subtitle">{t('login.subtitle')}</p>
        </div>
        <form onSubmit={submit} noValidate data-testid="login-form" className="ph-login__form">
          {failure && (
            <div className="ph-alert" role="alert" data-testid="login-error">
              <div className="ph-alert__icon">
                <Icon path={ICON_PATHS.errorOutline} />
              </div>
              <div className="ph-alert__message">{failure}</div>
            </div>
          )}
          <PlainTextField
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={errors.username}
            inputRef={usernameRef}
            autoCapitalize="none"
            spellCheck={false}
          />
          <PlainTextField
            label={t('login.password')}
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            inputRef={passwordRef}
            endAdornment={
              <button
                type="button"
                className="ph-icon-button"
                onClick={() => setShowPassword((s) => !s)}
                aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
              >
                <Icon path={showPassword ? ICON_PATHS.visibilityOff : ICON_PATHS.visibility} />
              </button>
            }
          />
          <button
            type="submit"
            className="ph-button ph-button--contained ph-button--large"
            disabled={busy}
            data-testid="login-submit"
          >
            {busy && (
              <span className="ph-button__start-icon">
                <Spinner size={18} inherit />
              </span>
            )}
            {t('login.submit')}
          </button>
          <RouterLink to="/reset-password" className="ph-link ph-login__forgot">
            {t('login.forgot')}
          </RouterLink>
        </form>
      </div>
    </div>
  );
}
