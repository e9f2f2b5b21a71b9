import { isVisible, PRODUCT_TAG_LABELS, PRODUCT_TAGS, setVisible } from '@backroom/contract';
import { Center, Checkbox, Fieldset, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LoadError } from '../../../components/load-error';
import { useCategoryTree } from '../../categories/api';
import { useVisibilitySettings } from '../api';
import '../styles';

const GRID = { base: 1, xs: 2, md: 4 } as const;
const FAILED_TO_LOAD = 'Failed to load visibility settings';

/**
 * Visibility Settings: categories, product tags and Contact Support (spec 2 section 2). Checked
 * means visible; every change is saved at once (PUT /api/settings).
 */
export function VisibilitySettings() {
  const { query, shown, change } = useVisibilitySettings();
  const tree = useCategoryTree();
  const categories = (tree.data ?? []).map((c) => c.name);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="visibility-title">
      <Stack>
        <Stack gap={4}>
          <Title order={2} size="h3" id="visibility-title">
            Visibility Settings
          </Title>
          <Text c="dimmed" size="sm">
            Checked means visible in the shop.
          </Text>
        </Stack>
        {query.isError && !shown ? (
          <LoadError error={query.error} title={FAILED_TO_LOAD} onRetry={() => void query.refetch()} />
        ) : !shown ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading..." />
          </Center>
        ) : (
          <>
            <Fieldset legend="Categories" variant="unstyled">
              {categories.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {tree.isPending ? 'Loading...' : 'No categories'}
                </Text>
              ) : (
                <SimpleGrid cols={GRID} spacing="xs">
                  {categories.map((name) => (
                    <Checkbox
                      key={name}
                      label={name}
                      checked={isVisible(shown.hiddenCategories, name)}
                      onChange={(event) => {
                        const visible = event.currentTarget.checked;
                        change((v) => ({ ...v, hiddenCategories: setVisible(v.hiddenCategories, name, visible) }));
                      }}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Fieldset>
            <Fieldset legend="Product Tags" variant="unstyled">
              <SimpleGrid cols={GRID} spacing="xs">
                {PRODUCT_TAGS.map((tag) => (
                  <Checkbox
                    key={tag}
                    label={PRODUCT_TAG_LABELS[tag]}
                    checked={isVisible(shown.hiddenProductTags, tag)}
                    onChange={(event) => {
                      const visible = event.currentTarget.checked;
                      change((v) => ({ ...v, hiddenProductTags: setVisible(v.hiddenProductTags, tag, visible) }));
                    }}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend="Orders Page" variant="unstyled">
              <Checkbox
                label="Show the 'Contact Support' button on the user Orders page"
                checked={shown.showSupportInOrders}
                onChange={(event) => {
                  const visible = event.currentTarget.checked;
                  change((v) => ({ ...v, showSupportInOrders: visible }));
                }}
              />
            </Fieldset>
          </>
        )}
      </Stack>
    </Paper>
  );
}
