import {
  API_PATHS,
  type CategoryNode,
  categoryTreeResponseSchema,
  MESSAGES,
  moveCategoryResponseSchema,
  type OptionSet,
  optionsResponseSchema,
  STORAGE_KEYS,
  saveCategoryTreeResponseSchema,
  saveOptionsResponseSchema,
} from '@backroom/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { storage } from '../../lib/storage';

/** The last list the server sent, kept in localStorage as a cache only (shown until the server answers). */
function readCache<T>(key: string): T[] | undefined {
  const raw = storage.get(key);
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? (value as T[]) : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(key: string, value: unknown): void {
  storage.set(key, JSON.stringify(value));
}

export const categoryTreeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories.list(),
    queryFn: async ({ signal }): Promise<CategoryNode[]> => {
      const { categories } = await apiRequest(API_PATHS.categoryTree, { schema: categoryTreeResponseSchema, signal });
      writeCache(STORAGE_KEYS.categories, categories);
      return categories;
    },
    placeholderData: () => readCache<CategoryNode>(STORAGE_KEYS.categories),
  });

export const optionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.optionSets.list(),
    queryFn: async ({ signal }): Promise<OptionSet[]> => {
      const { options } = await apiRequest(API_PATHS.options, { schema: optionsResponseSchema, signal });
      writeCache(STORAGE_KEYS.options, options);
      return options;
    },
    placeholderData: () => readCache<OptionSet>(STORAGE_KEYS.options),
  });

export function useCategoryTree() {
  return useQuery(categoryTreeQueryOptions());
}

export function useOptionSets() {
  return useQuery(optionsQueryOptions());
}

const CATEGORIES_FAILED = 'Could not save categories';
const OPTIONS_FAILED = 'Could not save options';

interface SaveCategoryInput {
  /** The whole tree as it should be after the save. */
  categories: CategoryNode[];
  /** Set when an existing category's name changed: its products move first. */
  rename?: { oldName: string; newName: string };
}

/** PUT /api/category/tree, preceded by PUT /api/category/rename when an edit changed the name. */
export function useSaveCategoryTree({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ categories, rename }: SaveCategoryInput) => {
      if (rename) {
        await apiRequest(API_PATHS.categoryRename, {
          method: 'PUT',
          body: { level: 'main', ...rename },
          schema: moveCategoryResponseSchema,
        });
      }
      return apiRequest(API_PATHS.categoryTree, {
        method: 'PUT',
        body: { categories },
        schema: saveCategoryTreeResponseSchema,
      });
    },
    onSuccess: ({ categories }, { rename }) => {
      queryClient.setQueryData(queryKeys.categories.list(), categories);
      writeCache(STORAGE_KEYS.categories, categories);
      // A renamed category's products moved with it: the product lists show the new name.
      if (rename) void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      notifySuccess(rename ? MESSAGES.categoryRenamed : MESSAGES.categoriesSaved);
      onSuccess?.();
    },
    onError: (error) => {
      notifyError(errorMessage(error, CATEGORIES_FAILED));
      void queryClient.invalidateQueries({ queryKey: queryKeys.categories.lists() });
    },
  });
}

/** DELETE /api/category/delete: the category goes and its products move to 'Uncategorized'. */
export function useDeleteCategory({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest(API_PATHS.categoryDelete, {
        method: 'DELETE',
        body: { level: 'main', name },
        schema: moveCategoryResponseSchema,
      }),
    onSuccess: (_answer, name) => {
      const current = queryClient.getQueryData<CategoryNode[]>(queryKeys.categories.list());
      if (current) {
        const next = current.filter((c) => c.name !== name);
        queryClient.setQueryData(queryKeys.categories.list(), next);
        writeCache(STORAGE_KEYS.categories, next);
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.categories.lists() });
      // Its products moved to 'Uncategorized'.
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      notifySuccess(MESSAGES.categoryDeleted);
      onSuccess?.();
    },
    onError: (error) => notifyError(errorMessage(error, CATEGORIES_FAILED)),
  });
}

/** PUT /api/options: replaces every option set. */
export function useSaveOptionSets({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: OptionSet[]) =>
      apiRequest(API_PATHS.options, { method: 'PUT', body: { options }, schema: saveOptionsResponseSchema }),
    onSuccess: ({ options }) => {
      queryClient.setQueryData(queryKeys.optionSets.list(), options);
      writeCache(STORAGE_KEYS.options, options);
      notifySuccess(MESSAGES.optionsSaved);
      onSuccess?.();
    },
    onError: (error) => {
      notifyError(errorMessage(error, OPTIONS_FAILED));
      void queryClient.invalidateQueries({ queryKey: queryKeys.optionSets.lists() });
    },
  });
}
