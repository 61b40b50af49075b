import { NoticeScreen } from '../../components/NoticeScreen';

export function AdminsOnlyScreen() {
  return <NoticeScreen title="Admins only" text="This area is for Drabble administrators." />;
}
