import { serverMessageOr } from '../../../lib/api-error';
import '../styles';
import { DEFAULT_PAGE_SIZE, MESSAGES, type User, type UserListQuery } from '@backroom/contract';
import { Center, EmptyState, Paper, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { pageCount } from '../../../components/list-view/paging';
import { PreviousNext } from '../../../components/list-view/previous-next';
import { LoadError } from '../../../components/load-error';
import { ScreenTitle } from '../../../components/screen-title';
import { useOpenRequest } from '../../../lib/use-open-request';
import { useChangeRole, useDeleteUser, useUserList, useUserStats } from '../api';
import { ContactModal } from '../components/contact-modal';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { OrderHistoryModal } from '../components/order-history-modal';
import type { UserModal } from '../components/user-actions';
import { UserDetailsModal } from '../components/user-details-modal';
import { UserFilters } from '../components/user-filters';
import { UserList } from '../components/user-list';
import { UserStatsTiles } from '../components/user-stats-tiles';
import { WishlistModal } from '../components/wishlist-modal';
import { useFailureToast } from '../hooks/use-failure-toast';
import { useUserEvents } from '../hooks/use-user-events';
import { type UserListParams, useUserSearchParams } from '../hooks/use-user-search-params';

/**
 * Users (spec 2 section 2): searched, filtered and paged by the server, admins first then newest;
 * the tiles from the server's counters; a role selector per user; History, Contact, Wishlist and
 * Delete open their modals, the name opens User details. Follows usersUpdated over the socket.
 * `exportButton` is the CSV export of the list's search, handed in by the app layer (app/screens).
 */
export function UsersRoute({ exportButton }: { exportButton: (filter: UserListParams) => ReactNode }) {
  const { params, setFilter, setPage } = useUserSearchParams();
  const query: UserListQuery = useMemo(
    () => ({
      q: params.q || undefined,
      role: params.role || undefined,
      page: params.page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    [params],
  );
  const list = useUserList(query);
  const stats = useUserStats();
  useUserEvents();
  useFailureToast(list.error, MESSAGES.fetchUsersFailed);

  const [open, setOpen] = useState<{ user: User; modal: UserModal } | null>(null);
  useOpenRequest('user', (user) => setOpen({ user, modal: 'details' }));
  const [changingId, setChangingId] = useState<string | null>(null);
  const changeRole = useChangeRole({ onSettled: () => setChangingId(null) });
  const remove = useDeleteUser({ onSuccess: () => setOpen(null) });

  const users = list.data?.users ?? [];
  const total = list.data?.total ?? 0;

  // A page past the last one (an old link, or the last user of the last page deleted): go to the last page.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const last = pageCount(list.data.total, DEFAULT_PAGE_SIZE);
    if (params.page > last) setPage(last, { replace: true });
  }, [list.data, list.isPlaceholderData, params.page, setPage]);

  const close = () => setOpen(null);

  return (
    <Stack gap="lg">
      <div>
        <ScreenTitle>Users</ScreenTitle>
        <Text c="dimmed">Manage registered users</Text>
      </div>

      <UserStatsTiles stats={stats.data} />

      <Paper withBorder p="md" radius="md">
        <UserFilters
          q={params.q}
          role={params.role}
          onSearch={(q) => setFilter('q', q)}
          onRole={(role) => setFilter('role', role)}
        />
        {exportButton(params)}
      </Paper>

      {list.isError && (
        <LoadError
          error={list.error}
          title={serverMessageOr(list.error, MESSAGES.fetchUsersFailed)}
          onRetry={() => void list.refetch()}
        />
      )}

      {list.isPending ? (
        <Center py="xl">
          <Text>{MESSAGES.loading}</Text>
        </Center>
      ) : users.length === 0 ? (
        !list.isError && (
          <EmptyState
            icon={<IconUsers size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={MESSAGES.noUsers}
            py="xl"
          />
        )
      ) : (
        <div aria-busy={list.isFetching}>
          <UserList
            users={users}
            changingId={changingId}
            onRole={(user, role) => {
              setChangingId(user._id);
              changeRole.mutate({ userId: user._id, role });
            }}
            onOpen={(user, modal) => setOpen({ user, modal })}
          />
        </div>
      )}

      <PreviousNext page={params.page} pageSize={DEFAULT_PAGE_SIZE} total={total} noun="users" onPage={setPage} />

      {open?.modal === 'details' && <UserDetailsModal user={open.user} onClose={close} />}
      {open?.modal === 'history' && <OrderHistoryModal user={open.user} onClose={close} />}
      {open?.modal === 'contact' && <ContactModal user={open.user} onClose={close} />}
      {open?.modal === 'wishlist' && <WishlistModal user={open.user} onClose={close} />}
      {open?.modal === 'delete' && (
        <DeleteUserDialog
          user={open.user}
          deleting={remove.isPending}
          onConfirm={() => remove.mutate(open.user._id)}
          onClose={close}
        />
      )}
    </Stack>
  );
}
