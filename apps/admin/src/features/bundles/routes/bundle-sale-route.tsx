import '../styles';
import { BUNDLE_SCREEN_TEXT, type Bundle, MESSAGES, todayIn } from '@backroom/contract';
import { Button, Center, EmptyState, Group, Loader, Stack } from '@mantine/core';
import { IconPackages, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { ScreenTitle } from '../../../components/screen-title';
import { useBundleList, useToggleBundleCancel } from '../api';
import { BundleFormModal } from '../components/bundle-form-modal';
import { BundleTable } from '../components/bundle-table';
import { BundleViewModal } from '../components/bundle-view-modal';
import { DeleteBundleModal } from '../components/delete-bundle-modal';
import { useBundleEvents } from '../hooks/use-bundle-events';

/**
 * Bundle Sales (spec 2 section 2, issue 11): every bundle, newest first; create, view, modify,
 * cancel or undo, delete; following other admins' changes over the socket.
 */
export function BundleSaleRoute() {
  const list = useBundleList();
  useBundleEvents();
  const toggle = useToggleBundleCancel();

  const [editing, setEditing] = useState<Bundle | 'new' | null>(null);
  const [viewing, setViewing] = useState<Bundle | null>(null);
  const [deleting, setDeleting] = useState<Bundle | null>(null);

  const bundles = list.data?.bundles ?? [];
  // The server's today in the shop's time zone; the browser's own until the list has answered.
  const today = list.data?.today ?? todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
  // The open view follows the list (another admin's change, a purchase).
  const shown = viewing ? (bundles.find((b) => b._id === viewing._id) ?? viewing) : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <ScreenTitle>{BUNDLE_SCREEN_TEXT.title}</ScreenTitle>
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing('new')}>
          {BUNDLE_SCREEN_TEXT.createNew}
        </Button>
      </Group>

      {list.isError && (
        <LoadError error={list.error} title={MESSAGES.fetchBundlesFailed} onRetry={() => void list.refetch()} />
      )}

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading bundles" />
        </Center>
      ) : bundles.length === 0 ? (
        !list.isError && (
          <EmptyState
            icon={<IconPackages size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={BUNDLE_SCREEN_TEXT.empty}
            py="xl"
          />
        )
      ) : (
        <BundleTable
          bundles={bundles}
          busy={list.isFetching}
          onView={setViewing}
          onModify={setEditing}
          onToggleCancel={(bundle) => toggle.mutate(bundle._id)}
          onDelete={setDeleting}
          togglingId={toggle.isPending ? (toggle.variables ?? null) : null}
        />
      )}

      <BundleFormModal target={editing} today={today} onClose={() => setEditing(null)} />
      <BundleViewModal bundle={shown} onClose={() => setViewing(null)} />
      <DeleteBundleModal bundle={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
