import LinkIcon from '@mui/icons-material/Link';
import PlayCircle from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import type { VideoSource } from '@parking-hub/contracts/videos';

/** A video's poster at 16:9 (a plain panel when it has none), with what a tap does: play or open. */
export function VideoPoster({
  src,
  source,
  title,
}: {
  src: string | null;
  source: VideoSource;
  title: string;
}) {
  const Icon = source === 'LINK' ? LinkIcon : PlayCircle;
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        width: '100%',
        bgcolor: 'grey.900',
        color: 'common.white',
        overflow: 'hidden',
      }}
    >
      {src && (
        <Box
          component="img"
          src={src}
          alt={title}
          loading="lazy"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          data-testid="video-poster"
        />
      )}
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
          bgcolor: src ? 'rgba(0, 0, 0, 0.25)' : undefined,
        }}
      >
        <Icon sx={{ fontSize: 56, opacity: 0.9 }} />
      </Box>
    </Box>
  );
}
