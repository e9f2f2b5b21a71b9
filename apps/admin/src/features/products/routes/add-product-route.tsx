import '../styles';
import { PRODUCT_LIMITS, type ProductFormValues, productFormSchema } from '@backroom/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ScreenTitle } from '../../../components/screen-title';
import { useCategoryTree } from '../../categories/api';
import { useCatalogueEvents } from '../../categories/hooks/use-catalogue-events';
import { productFormData, useAddProduct } from '../api';
import { ImageSlots } from '../components/form/image-slots';
import { ProductFormSections } from '../components/form/product-form-sections';
import { useDropMissingOptions } from '../hooks/use-option-lists';
import { addProductFields, addProductFiles, emptyProductForm } from '../product-form';
import { categoryDefaults } from '../product-form-choices';

const emptySlots = (): (File | null)[] => Array.from({ length: PRODUCT_LIMITS.maxImages }, () => null);

/** Add New Product (spec 1 section 2.4): on 'Product added successfully' the list opens. */
export function AddProductRoute() {
  useCatalogueEvents();
  const navigate = useNavigate();
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: emptyProductForm(),
  });
  const [slots, setSlots] = useState(emptySlots);
  const colors = useWatch({ control: form.control, name: 'colors' });
  const add = useAddProduct({ onSuccess: () => void navigate('/list') });
  useDropMissingOptions(form);
  useFirstCategory(form.getValues, form.setValue);

  const submit = form.handleSubmit((values) => {
    add.mutate(productFormData(addProductFields(values), addProductFiles(slots, values)));
  });

  return (
    <Stack gap="lg">
      <ScreenTitle>Add New Product</ScreenTitle>
      <FormProvider {...form}>
        <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} noValidate aria-label="Add Product">
          <Stack gap="xl">
            <ProductFormSections
              variant="add"
              images={<ImageSlots order={2} slots={slots} onChange={setSlots} colors={colors} />}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                Add Product
              </Button>
            </Group>
          </Stack>
        </Paper>
      </FormProvider>
    </Stack>
  );
}

/** A new product starts in the tree's first main category, with its first sub and sub-sub. */
function useFirstCategory(
  getValues: ReturnType<typeof useForm<ProductFormValues>>['getValues'],
  setValue: ReturnType<typeof useForm<ProductFormValues>>['setValue'],
) {
  const { data: tree } = useCategoryTree();
  useEffect(() => {
    const first = tree?.[0];
    if (!first || getValues('mainCategory') !== '') return;
    const defaults = categoryDefaults(tree, first.name);
    setValue('mainCategory', first.name);
    setValue('subCategory', defaults.subCategory);
    setValue('subSubCategory', defaults.subSubCategory);
  }, [tree, getValues, setValue]);
}
