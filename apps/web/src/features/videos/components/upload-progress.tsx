import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../video-file';

/** Where an upload stands: bytes going out, all sent and the server saving, or done. */
export interface UploadState {
  phase: 'sending' | 'saving' | 'done';
  loaded: number;
  total: number;
}

export function UploadProgress({ state }: { state: UploadState }) {
  const { t } = useTranslation('videos');
  const percent =
    state.phase === 'sending' && state.total > 0
      ? Math.min(100, Math.floor((state.loaded / state.total) * 100))
      : 100;
  const text =
    state.phase === 'done'
      ? t('upload.done')
      : state.phase === 'saving'
        ? t('upload.saving')
        : t('upload.sending', {
            percent,
            loaded: formatBytes(state.loaded),
            total: formatBytes(state.total),
          });
  return (
    <Box data-testid="upload-progress" data-phase={state.phase} role="status" aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={percent}
        color={state.phase === 'done' ? 'success' : 'primary'}
        aria-label={text}
        data-testid="upload-progress-bar"
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="upload-progress-text">
        {text}
      </Typography>
    </Box>
  );
}
