import { serverMessageOr } from '../../../lib/api-error';
import '../styles';
import { DISCOUNT_SCREEN_TEXT, type Discount, MESSAGES, todayIn } from '@backroom/contract';
import { Button, Center, EmptyState, Group, Loader, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { IconDiscount, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PageNumbers } from '../../../components/list-view/page-numbers';
import { pageCount } from '../../../components/list-view/paging';
import { LoadError } from '../../../components/load-error';
import { ScreenTitle } from '../../../components/screen-title';
import { useOpenRequest } from '../../../lib/use-open-request';
import { useDiscountList } from '../api';
import { CreateDiscountModal } from '../components/create-discount-modal';
import { DeleteDiscountModal } from '../components/delete-discount-modal';
import { DiscountDetailsModal } from '../components/discount-details-modal';
import { DiscountList } from '../components/discount-list';
import { EditDiscountModal } from '../components/edit-discount-modal';
import { DISCOUNT_PAGE_SIZE, DISCOUNT_STATUS_FILTER_OPTIONS, readDiscountStatusFilter } from '../discount-screen';
import { useDiscountEvents } from '../hooks/use-discount-events';
import { useDiscountSearchParams } from '../hooks/use-discount-search-params';

/**
 * Discount Codes (spec 2 section 2, issue 11): the codes a page at a time, newest first, filtered
 * by the status the server computes (Active means redeemable now); create, view, edit, delete;
 * following other admins' changes over the socket.
 */
export function DiscountsRoute() {
  const { status, page, setStatus, setPage } = useDiscountSearchParams();
  const list = useDiscountList(status, page);
  useDiscountEvents();

  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<Discount | null>(null);
  useOpenRequest('discount', setViewing);
  const [editing, setEditing] = useState<Discount | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);

  const discounts = list.data?.discounts ?? [];
  const total = list.data?.total ?? 0;
  // The server's today in the shop's time zone; the browser's own until the list has answered.
  const today = list.data?.today ?? todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

  // A page past the last one (an old link, or the last code of the last page deleted): go to the last page.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const last = pageCount(list.data.total, DISCOUNT_PAGE_SIZE);
    if (page > last) setPage(last, { replace: true });
  }, [list.data, list.isPlaceholderData, page, setPage]);

  // The open details follow the list (another admin's change, a use of the code).
  const shownDetails = viewing ? (discounts.find((d) => d._id === viewing._id) ?? viewing) : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <ScreenTitle>{DISCOUNT_SCREEN_TEXT.title}</ScreenTitle>
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setCreating(true)}>
          {DISCOUNT_SCREEN_TEXT.addNew}
        </Button>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-end">
          <NativeSelect
            label="Filter by status"
            data={DISCOUNT_STATUS_FILTER_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            value={status}
            onChange={(event) => setStatus(readDiscountStatusFilter(event.currentTarget.value))}
            w={200}
          />
          <Text size="sm" aria-live="polite">
            {list.data ? `${total} ${total === 1 ? 'discount code' : 'discount codes'}` : ''}
          </Text>
        </Group>
      </Paper>

      {list.isError && (
        <LoadError
          error={list.error}
          title={serverMessageOr(list.error, MESSAGES.fetchDiscountsFailed)}
          onRetry={() => void list.refetch()}
        />
      )}

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading discount codes" />
        </Center>
      ) : discounts.length === 0 ? (
        !list.isError && (
          <EmptyState
            icon={<IconDiscount size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={DISCOUNT_SCREEN_TEXT.empty}
            py="xl"
          >
            <Button mt="md" onClick={() => setCreating(true)}>
              {DISCOUNT_SCREEN_TEXT.createFirst}
            </Button>
          </EmptyState>
        )
      ) : (
        <DiscountList
          discounts={discounts}
          busy={list.isFetching}
          onView={setViewing}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}

      <PageNumbers
        label="Discount code pages"
        page={page}
        pageSize={DISCOUNT_PAGE_SIZE}
        total={total}
        onPage={setPage}
      />

      <CreateDiscountModal opened={creating} today={today} onClose={() => setCreating(false)} />
      <DiscountDetailsModal discount={shownDetails} onClose={() => setViewing(null)} />
      <EditDiscountModal discount={editing} onClose={() => setEditing(null)} />
      <DeleteDiscountModal discount={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
