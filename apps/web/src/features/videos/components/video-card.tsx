import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Video } from '@parking-hub/contracts/videos';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { formatBytes } from '../video-file';
import { VideoPoster } from './video-poster';

const clamp = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical' as const,
  overflow: 'hidden',
  overflowWrap: 'anywhere' as const,
});

/** Where a link goes, as a person recognises it: its host. */
const hostOf = (url: string) => url.replace(/^https:\/\//i, '').split(/[/?#]/)[0] ?? url;

/** One video: its poster (a tap plays it, or opens its link), title, order, roles, state, actions. */
export function VideoCard({
  video,
  onPlay,
  onEdit,
  onDelete,
}: {
  video: Video;
  onPlay: (video: Video) => void;
  onEdit: (video: Video) => void;
  onDelete: (video: Video) => Promise<unknown>;
}) {
  const { t } = useTranslation(['videos', 'common']);
  const link = video.source === 'LINK' && video.url ? video.url : null;
  const posterProps = link
    ? { component: 'a' as const, href: link, target: '_blank', rel: 'noopener noreferrer' }
    : { onClick: () => onPlay(video) };
  const detail = link
    ? hostOf(link)
    : [
        video.mimeType ? t(`kind.${video.mimeType}`, { defaultValue: video.mimeType }) : null,
        video.sizeBytes ? formatBytes(video.sizeBytes) : null,
      ]
        .filter(Boolean)
        .join(' · ');
  return (
    <Card
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
      data-testid="video-card"
    >
      <CardActionArea
        {...posterProps}
        aria-label={t(link ? 'actions.openLink' : 'actions.play')}
        data-testid="video-poster-action"
      >
        <VideoPoster src={video.posterPath} source={video.source} title={video.title} />
      </CardActionArea>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1, pb: 1 }}>
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 600, ...clamp(2) }}
          data-testid="video-title"
        >
          {video.title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Chip size="small" label={t('order', { order: video.sortOrder })} data-testid="video-order" />
          <Chip
            size="small"
            color={video.active ? 'success' : 'default'}
            variant={video.active ? 'filled' : 'outlined'}
            label={t(video.active ? 'state.active' : 'state.inactive')}
            data-testid="video-active"
          />
          <Chip size="small" variant="outlined" label={t(`source.${video.source}`)} />
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="video-roles" sx={clamp(2)}>
          {t('fields.roles')}:{' '}
          {video.roles.length === 0
            ? t('allRoles')
            : video.roles.map((r) => t(`common:roles.${r}`)).join(', ')}
        </Typography>
        {video.description && (
          <Typography variant="body2" sx={clamp(2)}>
            {video.description}
          </Typography>
        )}
        {detail && (
          <Typography variant="caption" color="text.secondary" sx={clamp(1)}>
            {detail}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between', pt: 0 }}>
        {link ? (
          <Button
            size="small"
            startIcon={<OpenInNew />}
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="video-open-link"
          >
            {t('actions.openLink')}
          </Button>
        ) : (
          <Button
            size="small"
            startIcon={<PlayArrow />}
            onClick={() => onPlay(video)}
            data-testid="video-play"
          >
            {t('actions.play')}
          </Button>
        )}
        <Box sx={{ display: 'flex' }}>
          <Tooltip title={t('actions.edit')}>
            <IconButton aria-label={t('actions.edit')} onClick={() => onEdit(video)} data-testid="video-edit">
              <Edit />
            </IconButton>
          </Tooltip>
          <ConfirmButton
            icon={<DeleteOutline />}
            title={t('delete.title')}
            text={t('delete.text', { title: video.title })}
            confirmText={t('common:actions.delete')}
            color="error"
            onConfirm={() => onDelete(video)}
            data-testid="video-delete"
          />
        </Box>
      </CardActions>
    </Card>
  );
}
