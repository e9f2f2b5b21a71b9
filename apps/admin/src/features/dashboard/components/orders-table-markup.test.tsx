import { Table } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { mantineMarkup as markup } from '../../../app/mantine-markup';
import { OrdersTable, TableScroll, Tbody, Td, Th, Thead, Tr } from './orders-table-markup';

describe("Recent Orders' table", () => {
  // Written out rather than drawn by Mantine's Table (decision 058): a Mantine upgrade that changes
  // Table's classes, attributes or variables fails here, not silently in the Dashboard's look.
  it('is the same markup as Mantine’s Table in its native scroll container', () => {
    const mantine = (
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
        <Table verticalSpacing="sm" aria-labelledby="recent">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order ID</Table.Th>
              <Table.Th>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>A1</Table.Td>
              <Table.Td>$1.00</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td colSpan={2}>No orders yet</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
    const ours = (
      <TableScroll minWidthRem={35}>
        <OrdersTable aria-labelledby="recent">
          <Thead>
            <Tr>
              <Th>Order ID</Th>
              <Th>Amount</Th>
            </Tr>
          </Thead>
          <Tbody>
            <Tr>
              <Td>A1</Td>
              <Td>$1.00</Td>
            </Tr>
            <Tr>
              <Td colSpan={2}>No orders yet</Td>
            </Tr>
          </Tbody>
        </OrdersTable>
      </TableScroll>
    );
    expect(markup(ours)).toBe(markup(mantine));
  });
});
