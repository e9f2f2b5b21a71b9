import { UserExportButton, type UserExportFilter } from '../../features/csv/components/user-export-button';
import { UsersRoute } from '../../features/users/routes/users-route';

const exportButton = (filter: UserExportFilter) => <UserExportButton filter={filter} />;

/** Users, with csv's export of the list's search and role. */
export function UsersScreen() {
  return <UsersRoute exportButton={exportButton} />;
}
