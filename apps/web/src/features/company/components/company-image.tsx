import Business from '@mui/icons-material/BusinessOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import Avatar from '@mui/material/Avatar';
import type { CompanyImageKind } from '@parking-hub/contracts/company';

/** The company's logo or payment QR (served under /uploads/), or an icon when there is none. */
export function CompanyImage({
  kind,
  src,
  alt,
  size,
}: {
  kind: CompanyImageKind;
  src: string | null;
  alt: string;
  size: number;
}) {
  const Icon = kind === 'logo' ? Business : QrCode2;
  return (
    <Avatar
      src={src ?? undefined}
      alt={alt}
      variant="rounded"
      sx={{
        width: size,
        height: size,
        bgcolor: src ? 'transparent' : 'action.selected',
        color: 'primary.main',
        border: src ? 1 : 0,
        borderColor: 'divider',
      }}
      slotProps={{ img: { style: { objectFit: 'contain' } } }}
      data-testid={`company-${kind}-image`}
    >
      <Icon sx={{ fontSize: size * 0.55 }} />
    </Avatar>
  );
}
