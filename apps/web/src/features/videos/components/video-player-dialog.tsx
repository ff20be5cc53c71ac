import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Video } from '@parking-hub/contracts/videos';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An uploaded video played where it is served (/uploads/videos/…, with range requests, so seeking
 * fetches only what is watched). It starts at once: the tap that opened it is the user's.
 */
export function VideoPlayerDialog({ video, onClose }: { video: Video; onClose: () => void }) {
  const { t } = useTranslation(['videos', 'common']);
  const [failed, setFailed] = useState(false);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="video-player-title">
      <DialogTitle id="video-player-title" sx={{ overflowWrap: 'anywhere' }}>
        {video.title}
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 0, sm: 3 } }}>
        {failed ? (
          <Alert severity="error" sx={{ mx: { xs: 2, sm: 0 } }} data-testid="video-player-error">
            {t('player.failed')}
          </Alert>
        ) : (
          <Box
            component="video"
            src={video.filePath ?? undefined}
            poster={video.posterPath ?? undefined}
            controls
            autoPlay
            playsInline
            preload="metadata"
            onError={() => setFailed(true)}
            sx={{ display: 'block', width: '100%', maxHeight: '70vh', bgcolor: 'common.black' }}
            data-testid="video-player"
          />
        )}
        {video.description && (
          <Typography
            variant="body2"
            sx={{ mt: 2, px: { xs: 2, sm: 0 }, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          >
            {video.description}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="video-player-close">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
