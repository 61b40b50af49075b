import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CenteredSpinner } from '../../components/Spinner';
import { LoadError } from '../../components/LoadError';
import { isApiError } from '../../lib/api';
import { storyQuery } from '../stories';
import { EditStoryScreen } from './EditStoryScreen';
import { StoryNotFound } from './StoryNotFound';
import { StoryView } from './view/StoryView';

/** /story/:id/:mode? — the story to read, or with mode "edit" the owner's editor. */
export function StoryScreen() {
  const { id = '', mode } = useParams();
  const query = useQuery({ ...storyQuery(id), retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2 });
  if (mode !== undefined && mode !== 'edit') return <StoryNotFound message="Page not found" />;
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) {
    return isApiError(query.error) && query.error.status === 404 ? (
      <StoryNotFound />
    ) : (
      <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  return mode === 'edit' ? <EditStoryScreen key={query.data.id} story={query.data} /> : <StoryView story={query.data} />;
}
