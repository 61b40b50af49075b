import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ANTHOLOGY_TEXTS } from '@common/anthologies/anthologies';
import { LoadError } from '../../components/LoadError';
import { NoticeScreen } from '../../components/NoticeScreen';
import { CenteredSpinner } from '../../components/Spinner';
import { isApiError } from '../../lib/api';
import { anthologyPageQuery } from './api';
import { AnthologyPage } from './AnthologyPage';
import { Directory } from './Directory';

function Anthology({ id }: { id: string }) {
  const query = useQuery(anthologyPageQuery(id));
  if (query.isPending) return <CenteredSpinner />;
  if (query.isError) {
    return isApiError(query.error) && query.error.status === 404 ? (
      <NoticeScreen title={ANTHOLOGY_TEXTS.notFound} text="It may have been deleted, or the address is not quite right." centered />
    ) : (
      <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  return <AnthologyPage page={query.data} />;
}

/**
 * /anthologies and /anthologies/:id, one route (the first load carries each route's entry):
 * the directory, or one anthology. Guests read both.
 */
export function AnthologiesScreen() {
  const { id } = useParams();
  return id ? <Anthology key={id} id={id} /> : <Directory />;
}
