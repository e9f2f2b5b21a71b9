import { EXPORT_PATHS, exportUrl } from '@backroom/contract';
import { useMemo } from 'react';
import { useOrderListView } from '../../orders/hooks/use-order-list-view';
import { orderListRequest } from '../../orders/order-list-view';
import { type CsvExportChoice, CsvExportControl } from './csv-export-control';

/**
 * The Orders screen's export: the list's current filter (from the URL, as the list reads it), as
 * one line per order or one line per order item. The item file's progress counts orders, as the
 * server's total does.
 */
export function OrderExportMenu() {
  const { view } = useOrderListView();
  const choices = useMemo((): CsvExportChoice[] => {
    const { page: _page, pageSize: _pageSize, ...filter } = orderListRequest(view);
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
  }, [view]);
  return <CsvExportControl choices={choices} />;
}
