import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import type { PageMeta } from '@parking-hub/contracts/envelope';
import type { Video } from '@parking-hub/contracts/videos';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '../../../components/states';
import { VideoCard } from './video-card';

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
} as const;

/** A card standing in for a video while the list loads. */
function CardSkeleton() {
  return (
    <Card variant="outlined">
      <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <Box sx={{ p: 2 }}>
        <Skeleton width="80%" />
        <Skeleton width="50%" />
      </Box>
    </Card>
  );
}

/** The videos as cards, server-paged, with deliberate loading, error and empty states. */
export function VideosGrid({
  videos,
  meta,
  loading,
  error,
  onRetry,
  empty,
  onPageChange,
  ...actions
}: {
  videos: Video[] | undefined;
  meta: PageMeta | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: { title: string; hint: string; action?: ReactNode };
  onPageChange: (page: number) => void;
  onPlay: (video: Video) => void;
  onEdit: (video: Video) => void;
  onDelete: (video: Video) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  if (error && !videos) return <ErrorState error={error} onRetry={onRetry} />;
  if (!videos)
    return (
      <Box sx={GRID} aria-busy="true" aria-label={t('states.loading')} data-testid="videos-loading">
        {[0, 1, 2].map((i) => (
          <CardSkeleton key={i} />
        ))}
      </Box>
    );
  if (videos.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <Box sx={{ ...GRID, opacity: loading ? 0.6 : 1 }} data-testid="videos-grid">
        {videos.map((video) => (
          <VideoCard key={video.id} video={video} {...actions} />
        ))}
      </Box>
      {meta && meta.totalPages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Pagination
            count={meta.totalPages}
            page={meta.page}
            onChange={(_, page) => onPageChange(page)}
            siblingCount={0}
            getItemAriaLabel={(type, page) =>
              type === 'page' ? t('paging.page', { page }) : t(`paging.${type}`)
            }
            data-testid="videos-pages"
          />
        </Box>
      )}
    </>
  );
}
