import { EXPORT_PATHS, exportUrl, type OrderListRequest } from '@backroom/contract';
import { useMemo } from 'react';
import { type CsvExportChoice, CsvExportControl } from './csv-export-control';

/**
 * The Orders screen's export: the list's current filter (the list's own request, handed in by the
 * screen; its page aside), as one line per order or one line per order item. The item file's
 * progress counts orders, as the server's total does.
 */
export function OrderExportMenu({ request }: { request: OrderListRequest }) {
  const choices = useMemo((): CsvExportChoice[] => {
    const { page: _page, pageSize: _pageSize, ...filter } = request;
    return [
      {
        label: 'One line per order',
        request: {
          url: exportUrl(EXPORT_PATHS.orderExport, { ...filter, lines: 'order' }),
          noun: 'orders',
          fallbackName: 'orders.csv',
        },
      },
      {
        label: 'One line per order item',
        request: {
          url: exportUrl(EXPORT_PATHS.orderExport, { ...filter, lines: 'item' }),
          noun: 'orders',
          fallbackName: 'order-items.csv',
          countBy: 'groups',
        },
      },
    ];
  }, [request]);
  return <CsvExportControl choices={choices} />;
}
