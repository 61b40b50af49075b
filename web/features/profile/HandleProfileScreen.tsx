import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { handlePath, HANDLE_PATTERN, normalizeHandleInput } from '@common/handles/rules';
import { PageNotFound } from '../../components/PageNotFound';
import { handleLookupQuery } from './api';
import { ProfileSkeleton, PublicProfileView, UserNotFound } from './PublicProfileScreen';

/**
 * /@handle: the same profile as /user/:uid, found by handle (GET /api/handles/:handle). React
 * Router matches only whole segments, so the route is `/:at` and any other one-segment address
 * that no route claims comes here too: without its `@` it is the not-found screen, as before.
 * An old handle of the writer's, or one typed in other letter case, is replaced in the address
 * bar by their handle now.
 */
export function HandleProfileScreen() {
  const { at = '' } = useParams();
  if (!at.startsWith('@')) return <PageNotFound />;
  return <ProfileByHandle handle={normalizeHandleInput(at)} asked={at.slice(1)} />;
}

function ProfileByHandle({ handle, asked }: { handle: string; asked: string }) {
  const valid = HANDLE_PATTERN.test(handle);
  const found = useQuery({ ...handleLookupQuery(handle), enabled: valid });
  const navigate = useNavigate();
  const current = found.data?.handle;
  useEffect(() => {
    if (current && current !== asked) void navigate(handlePath(current), { replace: true });
  }, [current, asked, navigate]);

  if (!valid || found.isError) return <UserNotFound />;
  if (!found.data) return <ProfileSkeleton />;
  return <PublicProfileView uid={found.data.uid} />;
}
