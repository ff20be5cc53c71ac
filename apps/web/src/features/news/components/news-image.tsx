import Campaign from '@mui/icons-material/CampaignOutlined';
import Avatar from '@mui/material/Avatar';

/** A news item's picture as a thumbnail, or a loudspeaker when it has none. */
export function NewsImage({ src, title, size = 48 }: { src: string | null; title: string; size?: number }) {
  return (
    <Avatar
      variant="rounded"
      src={src ?? undefined}
      alt={title}
      sx={{ width: size, height: size, bgcolor: 'action.selected', color: 'text.secondary' }}
      data-testid="news-image"
    >
      <Campaign />
    </Avatar>
  );
}
