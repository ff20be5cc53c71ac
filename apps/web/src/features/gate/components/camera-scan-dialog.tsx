import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type State = 'starting' | 'scanning' | 'noCamera' | 'denied' | 'failed';

/**
 * The phone's camera as the scanner: the back camera's picture, read for a QR code (qr-scanner:
 * the browser's BarcodeDetector where it has one, else its own decoder in a worker). The first
 * code read closes the dialog and is looked up as a scan is. Its code loads on first use.
 */
export function CameraScanDialog({
  onRead,
  onClose,
}: {
  onRead: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('gate');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('starting');
  const read = useRef(onRead);
  read.current = onRead;

  useEffect(() => {
    let scanner: { stop(): void; destroy(): void } | null = null;
    let ended = false;
    void (async () => {
      try {
        const { default: QrScanner } = await import('qr-scanner');
        if (ended || !video.current) return;
        if (!(await QrScanner.hasCamera())) return setState('noCamera');
        const s = new QrScanner(
          video.current,
          (result) => {
            if (ended) return;
            ended = true;
            s.stop();
            read.current(result.data);
          },
          {
            returnDetailedScanResult: true,
            preferredCamera: 'environment',
            maxScansPerSecond: 10,
            // Where the code is read: the middle of the picture, outlined so the user aims there.
            highlightScanRegion: true,
          },
        );
        scanner = s;
        await s.start();
        if (!ended) setState('scanning');
      } catch (error) {
        if (ended) return;
        const name = error instanceof Error ? error.name : String(error);
        setState(
          /NotAllowed|Permission|denied/i.test(name)
            ? 'denied'
            : /NotFound|Camera not found/i.test(name)
              ? 'noCamera'
              : 'failed',
        );
      }
    })();
    return () => {
      ended = true;
      scanner?.destroy();
    };
  }, []);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="camera-title">
      <DialogTitle id="camera-title">{t('camera.title')}</DialogTitle>
      <DialogContent>
        <Box
          sx={{
            position: 'relative',
            aspectRatio: '1',
            bgcolor: 'grey.900',
            borderRadius: 1,
            overflow: 'hidden',
            display: state === 'starting' || state === 'scanning' ? 'block' : 'none',
          }}
        >
          <video
            ref={video}
            muted
            playsInline
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
            data-testid="camera-video"
          />
          {state === 'starting' && (
            <CircularProgress sx={{ position: 'absolute', inset: 0, m: 'auto', color: 'common.white' }} />
          )}
        </Box>
        {state === 'scanning' && (
          <Alert severity="info" icon={false} sx={{ mt: 1.5 }}>
            {t('camera.hint')}
          </Alert>
        )}
        {(state === 'noCamera' || state === 'denied' || state === 'failed') && (
          <Alert severity="warning" data-testid="camera-problem">
            {t(`camera.${state}`)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="camera-close">
          {t('camera.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
