import { isObjectId, MESSAGES, type Product, type ProductFormValues, productFormSchema } from '@backroom/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Dialog, useUnsavedChanges } from '../../../components/dialog';
import { FormSection } from '../../../components/form/form-section';
import { changedFrom } from '../../../components/unsaved-changes';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { RecordActivity } from '../../activity/components/record-activity';
import { productFormData, productQueryOptions, useUpdateProduct } from '../api';
import { useDropMissingOptions, useOptionLists } from '../hooks/use-option-lists';
import { colorFollowUpFields, productFormValues, updateProductFields, updateProductFiles } from '../product-form';
import {
  addImageEntries,
  clearMissingColors,
  imageEntries,
  needsColorFollowUp,
  removeImageEntry,
  setImageColor,
} from '../product-form-images';
import { ImageManager } from './form/image-manager';
import { ProductFormSections } from './form/product-form-sections';
import classes from './product-modify-modal.module.css';

interface ProductModifyModalProps {
  /** The product to modify (from /list?edit={id}); null when closed. */
  productId: string | null;
  onClose: () => void;
  /** The id names no product (not an id at all, or none the server has): the caller says so and closes. */
  onNotFound: () => void;
}

/** The server's answer for an id that is not one (400) or names no product (404). */
const namesNoProduct = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 404);

/**
 * Modify Product (spec 1 section 2.7), opened on the product as the server has it now. An id that
 * is not one never opens it; one the server does not know closes it.
 */
export function ProductModifyModal({ productId, onClose, onNotFound }: ProductModifyModalProps) {
  const malformed = productId !== null && !isObjectId(productId);
  useEffect(() => {
    if (malformed) onNotFound();
  }, [malformed, onNotFound]);
  return (
    <Dialog
      opened={productId !== null && !malformed}
      onClose={onClose}
      title="Modify Product"
      size="xl"
      centered={false}
      closeLabel="Close dialog"
    >
      {productId !== null && !malformed && (
        <ModifyProductLoader key={productId} id={productId} onClose={onClose} onNotFound={onNotFound} />
      )}
    </Dialog>
  );
}

function ModifyProductLoader({ id, onClose, onNotFound }: { id: string; onClose: () => void; onNotFound: () => void }) {
  // The form opens on a fresh copy, never on one cached before the modal opened.
  const [openedAt] = useState(() => Date.now());
  const query = useQuery({ ...productQueryOptions(id), refetchOnMount: 'always' });
  const notFound = query.isError && namesNoProduct(query.error);
  useEffect(() => {
    if (notFound) onNotFound();
  }, [notFound, onNotFound]);
  if (query.data && query.dataUpdatedAt >= openedAt) {
    return <ModifyProductForm product={query.data} onClose={onClose} />;
  }
  if (query.isError && !notFound) {
    return (
      <Alert color="red" title={errorMessage(query.error, MESSAGES.productNotFound)}>
        <Button variant="light" color="red" size="xs" onClick={onClose}>
          Close
        </Button>
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Loader aria-label="Loading product" />
    </Center>
  );
}

function ModifyProductForm({ product, onClose }: { product: Product; onClose: () => void }) {
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: productFormValues(product),
  });
  const [openedWith] = useState(() => imageEntries(product));
  // The units each cell held when the form opened: the server keeps what orders change meanwhile.
  const [openedStock] = useState(() => product.stockLevels);
  const [entries, setEntries] = useState(openedWith);
  const [removed, setRemoved] = useState<string[]>([]);
  const [removedAccessoryImages, setRemovedAccessoryImages] = useState<string[]>([]);
  const colors = useWatch({ control: form.control, name: 'colors' });
  const lists = useOptionLists();
  const update = useUpdateProduct({ onSuccess: onClose });
  useDropMissingOptions(form);
  // The images live beside the form: adding, removing or colouring one is a change too.
  const cancel = useUnsavedChanges(
    form.formState.isDirty || changedFrom(openedWith, entries) || removedAccessoryImages.length > 0,
    onClose,
  );

  // A colour taken out of the product's colours leaves the images that had it.
  useEffect(() => setEntries((current) => clearMissingColors(current, colors)), [colors]);

  const onColor = (index: number, color: string | null) => {
    const next = setImageColor(form.getValues('colors'), entries, index, color);
    setEntries(next.entries);
    form.setValue('colors', next.colors, { shouldDirty: true });
  };
  const onRemove = (index: number) => {
    const next = removeImageEntry(entries, index, removed, form.getValues('colors'));
    setEntries(next.entries);
    setRemoved(next.removed);
    form.setValue('colors', next.colors, { shouldDirty: true });
  };
  const onAdd = (files: File[]) => {
    const next = addImageEntries(entries, files);
    if (next.problem) notifyError(next.problem);
    else setEntries(next.entries);
  };

  const submit = form.handleSubmit((values) => {
    const changes = { entries, removed, removedAccessoryImages };
    update.mutate({
      id: product._id,
      body: productFormData(updateProductFields(values, changes, openedStock), updateProductFiles(entries, values)),
      ...(needsColorFollowUp(entries) && {
        followUp: (saved: Product) => productFormData(colorFollowUpFields(values, entries, saved.image), []),
      }),
    });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Modify Product">
        <Stack gap="xl">
          <ProductFormSections
            variant="modify"
            onSavedAccessoryImageRemoved={(url) => setRemovedAccessoryImages((list) => [...list, url])}
            images={
              <ImageManager
                order={3}
                entries={entries}
                colorOptions={lists.colors}
                onColor={onColor}
                onRemove={onRemove}
                onAdd={onAdd}
              />
            }
          />
          <FormSection title="Activity" order={3}>
            <RecordActivity kind="product" id={product._id} />
          </FormSection>
          <Group justify="flex-end" className={classes.actions}>
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
