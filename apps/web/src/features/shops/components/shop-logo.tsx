import Storefront from '@mui/icons-material/StorefrontOutlined';
import Avatar from '@mui/material/Avatar';

/** A shop's logo (served under /uploads/), or a shop icon when it has none. */
export function ShopLogo({ src, name, size = 40 }: { src: string | null; name: string; size?: number }) {
  return (
    <Avatar
      src={src ?? undefined}
      alt={name}
      variant="rounded"
      sx={{
        width: size,
        height: size,
        bgcolor: src ? 'transparent' : 'action.selected',
        color: 'primary.main',
      }}
      slotProps={{ img: { style: { objectFit: 'contain' } } }}
      data-testid="shop-logo"
    >
      <Storefront sx={{ fontSize: size * 0.6 }} />
    </Avatar>
  );
}
