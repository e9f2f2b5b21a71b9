import '../styles';
import { IMPORT_ROW_LIMIT, importResultMessage } from '@backroom/contract';
import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useConfirmImport, usePreviewImport } from '../api';
import { ImportJobProgress } from './import-job-progress';
import { ImportPreview } from './import-preview';

interface ImportProductsModalProps {
  opened: boolean;
  onClose: () => void;
  /** The product lists' query key, refreshed once the import has run. */
  listKey: QueryKey;
}

/**
 * Import CSV on the Product List: choose a file (the products export's columns), preview what it
 * would do, then confirm. The dialog's header is a div (a <header> would be a second banner
 * landmark); on a phone it fills the screen. Each opening starts afresh.
 */
export function ImportProductsModal({ opened, onClose, listKey }: ImportProductsModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal.Root opened={opened} onClose={onClose} size="xl" fullScreen={phone ?? false} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header renderRoot={(props) => <div {...props} />}>
          <Modal.Title>Import products from CSV</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{opened && <ImportFlow onClose={onClose} listKey={listKey} />}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function ImportFlow({ onClose, listKey }: { onClose: () => void; listKey: QueryKey }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreviewImport();
  const confirm = useConfirmImport(listKey);
  const plan = preview.data;
  const answer = confirm.data;
  const stale = confirm.error instanceof ApiError && confirm.error.status === 409;
  const wouldChange = plan ? plan.counts.create + plan.counts.update > 0 : false;

  const runPreview = () => {
    if (!file) return;
    confirm.reset();
    preview.mutate(file);
  };

  return (
    <Stack gap="md">
      {!answer && (
        <Stack gap="xs">
          <Text size="sm">
            The file has the columns the products export writes. Rows with an id update that product, rows without one
            create a product. Images are not imported: the images column lists the image URLs a product keeps. The file
            is UTF-8 text (a spreadsheet's "CSV UTF-8") of at most {IMPORT_ROW_LIMIT.toLocaleString('en-US')} rows.
          </Text>
          <Box>
            <Text component="label" htmlFor={inputId} size="sm" fw={500} display="block" mb={4}>
              CSV file
            </Text>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              disabled={confirm.isPending}
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                preview.reset();
                confirm.reset();
              }}
              style={{ maxWidth: '100%' }}
            />
          </Box>
          <Group justify="flex-end">
            <Button
              variant={plan ? 'default' : 'filled'}
              disabled={!file || confirm.isPending}
              loading={preview.isPending}
              onClick={runPreview}
            >
              Preview
            </Button>
          </Group>
        </Stack>
      )}

      {preview.isError && (
        <Alert color="red" title="The file could not be previewed">
          {errorMessage(preview.error, 'Please check the file and try again.')}
        </Alert>
      )}

      {plan && !answer && (
        <>
          <ImportPreview preview={plan} />
          {stale ? (
            <Alert color="orange" title="The products changed since the preview">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(confirm.error, 'Preview the file again.')}</Text>
                <Button size="xs" variant="light" loading={preview.isPending} onClick={runPreview}>
                  Preview again
                </Button>
              </Stack>
            </Alert>
          ) : (
            confirm.isError && (
              <Alert color="red" title="The import failed">
                {errorMessage(confirm.error, 'Nothing was imported. Please try again.')}
              </Alert>
            )
          )}
          <Text size="sm">
            Nothing changes until you confirm.
            {plan.counts.bad > 0 &&
              ` ${plan.counts.bad.toLocaleString('en-US')} bad ${plan.counts.bad === 1 ? 'row is' : 'rows are'} skipped.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={confirm.isPending}>
              Cancel
            </Button>
            <Button
              disabled={!wouldChange || stale || !file}
              loading={confirm.isPending}
              onClick={() => file && confirm.mutate({ file, fingerprint: plan.fingerprint })}
            >
              Confirm import
            </Button>
          </Group>
        </>
      )}

      {answer &&
        ('jobId' in answer ? (
          <ImportJobProgress jobId={answer.jobId} total={answer.total} onPreviewAgain={runPreview} listKey={listKey} />
        ) : (
          <Alert color="green" title="Import done" role="status">
            {importResultMessage(answer.result)}
          </Alert>
        ))}
      {answer && (
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      )}
    </Stack>
  );
}
