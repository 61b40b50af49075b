import { PageNotFound } from '../../components/PageNotFound';

export function NotFoundScreen() {
  return <PageNotFound />;
}
