import LocalParking from '@mui/icons-material/LocalParking';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { showAlert } from '../../components/feedback/alert-store';
import { handleResponse } from '../../components/feedback/handle-response';
import { PlainTextField } from '../../components/form/plain-text-field';
import { SubmitButton } from '../../components/form/submit-button';
import { canEnter } from '../../lib/access';
import { sessionStore, useSession } from '../../lib/session-store';
import { login } from './api/login';
import { SignedInCard } from './signed-in-card';

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
 * '/': sign in with user name (or phone) and password. Two fields, so a plain form instead of
 * react-hook-form keeps the login route inside its JS budget.
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

  if (isLogin) return <SignedInCard />;

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
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 400 }}>
        <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
          <LocalParking color="primary" sx={{ fontSize: 56 }} />
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, textAlign: 'center' }}>
            {t('appTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('login.subtitle')}
          </Typography>
        </Stack>
        <form onSubmit={submit} noValidate data-testid="login-form">
          <Stack spacing={2}>
            {failure && (
              <Alert severity="error" data-testid="login-error">
                {failure}
              </Alert>
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
              inputProps={{ autoCapitalize: 'none', spellCheck: false }}
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
                <InputAdornment position="end">
                  <IconButton
                    onClick={() => setShowPassword((s) => !s)}
                    aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
                    edge="end"
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              }
            />
            <SubmitButton busy={busy} size="large" data-testid="login-submit">
              {t('login.submit')}
            </SubmitButton>
            <Link component={RouterLink} to="/reset-password" sx={{ alignSelf: 'center' }}>
              {t('login.forgot')}
            </Link>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}
