import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router';
import { CenteredSpinner } from '../../components/Spinner';
import { LoadError } from '../../components/LoadError';
import { OnDemandScreen } from '../../components/OnDemandScreen';
import { isApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { onDemand } from '../../lib/on-demand';
import { loginPathFor } from '../../lib/safe-next';
import { storyQuery } from './api/stories';
import { EditStoryScreen } from './EditStoryScreen';
import { StoryNotFound } from './StoryNotFound';
import { StoryView } from './view/StoryView';
import { loadVersionsScreen } from '../story-versions';

// Only the author opens the version history: its code (and the diff) loads then.
const versionsScreen = onDemand(loadVersionsScreen);

/**
 * /story/:id/:mode? — the story to read (guests too, from a shared link), or with mode "edit"
 * the owner's editor and with "versions" the owner's version history, which a guest must log in for first.
 */
export function StoryScreen() {
  const { id = '', mode } = useParams();
  const { user } = useCurrentUser();
  const location = useLocation();
  const needsLogin = (mode === 'edit' || mode === 'versions') && !user;
  const query = useQuery({
    ...storyQuery(id),
    enabled: !needsLogin,
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
  if (mode !== undefined && mode !== 'edit' && mode !== 'versions') return <StoryNotFound message="Page not found" />;
  if (needsLogin) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) {
    return isApiError(query.error) && query.error.status === 404 ? (
      <StoryNotFound />
    ) : (
      <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  if (mode === 'versions') {
    const story = query.data;
    return <OnDemandScreen part={versionsScreen} render={(m) => <m.VersionsScreen key={story.id} story={story} />} />;
  }
  return mode === 'edit' ? <EditStoryScreen key={query.data.id} story={query.data} /> : <StoryView story={query.data} />;
}
