import { Navigate, useParams } from 'react-router';

/** /join/CODE: the invite link; the login screen opens on "Sign up" with the code. */
export function JoinRedirect() {
  const { code = '' } = useParams();
  return <Navigate to={`/login?invite=${encodeURIComponent(code)}`} replace />;
}
