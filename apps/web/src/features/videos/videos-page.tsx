import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { Role } from '@parking-hub/contracts/roles';
import type { Video } from '@parking-hub/contracts/videos';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../app/use-screen-title';
import { handleError, handleResponse } from '../../components/feedback/handle-response';
import { PageHeader } from '../../components/page-header';
import { useDeleteVideo } from './api/delete-video';
import { useVideoLimits } from './api/get-video-limits';
import { useVideos } from './api/get-videos';
import { VideoFilters } from './components/video-filters';
import { VideoFormDialog } from './components/video-form-dialog';
import { VideoPlayerDialog } from './components/video-player-dialog';
import { VideosGrid } from './components/videos-grid';
import { useVideosUrl } from './use-videos-url';

/**
 * /app/video: the intro videos the staff mobile app shows, in their order (filters in the URL),
 * played here, added and edited in a dialog that uploads with a progress bar, deleted on confirm.
 */
export default function VideosPage() {
  const { t } = useTranslation(['videos', 'common']);
  const title = useScreenTitle();
  const url = useVideosUrl();
  const { values } = url;
  const [form, setForm] = useState<{ video: Video | null } | null>(null);
  const [playing, setPlaying] = useState<Video | null>(null);
  const limits = useVideoLimits();
  const remove = useDeleteVideo();
  const query = useVideos({
    page: url.page,
    q: values.q || undefined,
    active: values.active === '' ? undefined : values.active === 'true',
    role: (values.role || undefined) as Role | undefined,
  });
  const filtered = Object.values(values).some(Boolean);
  const create = () => setForm({ video: null });

  const onDelete = async (video: Video) => {
    try {
      handleResponse(await remove.mutateAsync(video.id));
    } catch (error) {
      handleError(error);
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle={query.data?.meta ? t('count', { count: query.data.meta.total }) : undefined}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={create} data-testid="video-create">
            {t('actions.create')}
          </Button>
        }
      />
      <VideoFilters values={values} onChange={url.setFilters} />
      <VideosGrid
        videos={query.data?.data}
        meta={query.data?.meta}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={
          filtered
            ? { title: t('empty.filtered'), hint: t('empty.filteredHint') }
            : {
                title: t('empty.title'),
                hint: t('empty.hint'),
                action: (
                  <Button variant="outlined" startIcon={<Add />} onClick={create} sx={{ mt: 1 }}>
                    {t('actions.create')}
                  </Button>
                ),
              }
        }
        onPageChange={url.setPage}
        onPlay={setPlaying}
        onEdit={(video) => setForm({ video })}
        onDelete={onDelete}
      />
      {form && <VideoFormDialog video={form.video} limits={limits.data} onClose={() => setForm(null)} />}
      {playing && <VideoPlayerDialog video={playing} onClose={() => setPlaying(null)} />}
    </>
  );
}
