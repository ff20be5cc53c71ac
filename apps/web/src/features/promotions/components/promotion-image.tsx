import LocalOffer from '@mui/icons-material/LocalOfferOutlined';
import Avatar from '@mui/material/Avatar';

/** A promotion's picture as a thumbnail, or a tag when it has none. */
export function PromotionImage({
  src,
  title,
  size = 48,
}: {
  src: string | null;
  title: string;
  size?: number;
}) {
  return (
    <Avatar
      variant="rounded"
      src={src ?? undefined}
      alt={title}
      sx={{ width: size, height: size, bgcolor: 'action.selected', color: 'text.secondary' }}
      data-testid="promotion-image"
    >
      <LocalOffer />
    </Avatar>
  );
}
