import type { ProductFormValues } from '@backroom/contract';
import { Checkbox, NumberInput, Stack, Table, Text, TextInput, type TitleOrder } from '@mantine/core';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FormSection } from '../../../../components/form/form-section';
import { formStockCells } from '../../product-form';

/** The name of a cell for its label: 'Red, M', 'Red', 'M', or 'Units' when the product has neither. */
const cellName = (color: string, size: string) => [color, size].filter(Boolean).join(', ');

/**
 * Stock (docs/decisions/055-stock.md): the Track stock box, then a grid of units per colour ×
 * size (one input when the product has neither), each input labelled by its colour and size, and
 * the product's own low-stock threshold (blank: the shop's default). Not tracked, the manual Out
 * of Stock flag of Product Status applies as before.
 */
export function StockSection({ order }: { order: TitleOrder }) {
  const helpId = useId();
  const { control, setValue } = useFormContext<ProductFormValues>();
  const [trackStock, colors, clothingSizes, canvasSizes, stockLevels] = useWatch({
    control,
    name: ['trackStock', 'colors', 'clothingSizes', 'canvasSizes', 'stockLevels'],
  });
  const cells = formStockCells({ colors, clothingSizes, canvasSizes, stockLevels });
  const colorRows = [...new Set(cells.map((c) => c.color))];
  const sizeColumns = [...new Set(cells.map((c) => c.size))];
  const setUnits = (color: string, size: string, quantity: number) => {
    const next = cells.map((c) => (c.color === color && c.size === size ? { ...c, quantity } : c));
    setValue('stockLevels', next, { shouldDirty: true });
  };
  const total = cells.reduce((sum, c) => sum + c.quantity, 0);
  return (
    <FormSection title="Stock" order={order}>
      <Stack gap="sm">
        <Controller
          control={control}
          name="trackStock"
          render={({ field }) => (
            <Checkbox
              label="Track stock"
              aria-describedby={helpId}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        {/* Beside the box rather than in its label: the label stays one short line at any width. */}
        <Text id={helpId} size="sm" c="dimmed" mt={-6}>
          Count units per colour and size: orders take them, and at zero the product is out of stock
        </Text>
        {trackStock && (
          <>
            <Table.ScrollContainer minWidth={0}>
              <Table withTableBorder aria-label="Units in stock per colour and size">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{colorRows[0] === '' ? 'Stock' : 'Colour'}</Table.Th>
                    {sizeColumns.map((size) => (
                      <Table.Th key={size}>{size === '' ? 'Units' : size}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {colorRows.map((color) => (
                    <Table.Tr key={color}>
                      <Table.Th scope="row">{color || 'All'}</Table.Th>
                      {sizeColumns.map((size) => {
                        const cell = cells.find((c) => c.color === color && c.size === size);
                        const name = cellName(color, size);
                        return (
                          <Table.Td key={size}>
                            <NumberInput
                              aria-label={name ? `Units of ${name}` : 'Units'}
                              min={0}
                              max={1_000_000}
                              allowDecimal={false}
                              allowNegative={false}
                              w={96}
                              value={cell?.quantity ?? 0}
                              onChange={(v) => setUnits(color, size, typeof v === 'number' ? v : Number(v) || 0)}
                            />
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm">{`${total} in stock`}</Text>
            <Controller
              control={control}
              name="lowStockThreshold"
              render={({ field, fieldState }) => (
                <TextInput
                  label="Low-stock threshold"
                  description="Blank: the shop's default"
                  inputMode="numeric"
                  maw={240}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </>
        )}
      </Stack>
    </FormSection>
  );
}
