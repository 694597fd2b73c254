/** The order list's columns per area (product spec §2.5 order list views) and its cells. */
import { Link } from 'react-router';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { ColumnExtras, GridColumn, GridSchema } from '@its/grid';
import { orderPath, type Area } from '../api';
import { approvalStatusLabels, enumFormatter, enumLabel, lineStatusLabels, orderStatusLabels, productTypeLabels } from '../enums';

interface Col {
  field: string;
  width?: number;
}

/** An order list view's columns per area, in their order (the server's schema has every area's). */
const orderCols = (area: Area): Col[] => {
  const cols: Col[] = [
    { field: 'orderNumber', width: 110 },
    { field: 'status', width: 150 },
  ];
  if (area === 'promos') cols.push({ field: 'orderApprovalStatus', width: 170 }, { field: 'approverName', width: 160 }, { field: 'seniorApproverName', width: 170 });
  if (area === 'wholesale') cols.push({ field: 'customerName', width: 220 }, { field: 'po', width: 120 }, { field: 'currency', width: 96 });
  cols.push({ field: 'requesterName', width: 170 });
  if (area === 'samples') cols.push({ field: 'coordinatorCode', width: 130 });
  cols.push(
    { field: 'purpose', width: 170 },
    { field: 'productType', width: 120 },
    { field: 'productCount', width: 90 },
    { field: 'createdDate', width: 170 },
    { field: 'submittedDate', width: 170 },
  );
  return cols;
};

/**
 * An order list view's schema: the server's (its page size, types, filter operators and sorts:
 * the view is read in blocks, sorted and filtered on the server) with the area's columns in
 * their order and widths. The footer counts the orders rather than adding up their numbers.
 */
export function orderListSchema(area: Area, view: string, served: GridSchema): GridSchema {
  return shaped(served, `orders.list.${area}.${view}`, orderCols(area));
}

/** The sample styles view lists the lines of the coordinator's submitted orders, in this order. */
const styleCols: Col[] = [
  { field: 'orderNumber', width: 110 },
  { field: 'style', width: 110 },
  { field: 'color', width: 110 },
  { field: 'size', width: 80 },
  { field: 'quantity', width: 96 },
  { field: 'status', width: 120 },
  { field: 'requesterName', width: 170 },
  { field: 'division', width: 120 },
  { field: 'gender', width: 110 },
  { field: 'shipper', width: 120 },
  { field: 'tracking', width: 150 },
];

/** The sample styles view's schema: the server's over the lines (read in blocks too), shaped alike. */
export function stylesSchema(served: GridSchema): GridSchema {
  return shaped(served, 'orders.list.samples.sample-styles', styleCols);
}

/** The server's schema with cols in their order and widths; the footer counts the order numbers. */
function shaped(served: GridSchema, grid: string, cols: Col[]): GridSchema {
  const byField = new Map(served.columns.map((c) => [c.field, c]));
  return {
    ...served,
    grid,
    columns: cols.flatMap((c): GridColumn[] => {
      const col = byField.get(c.field);
      return col ? [{ ...col, width: c.width, ...(c.field === 'orderNumber' ? { footerFigure: 'count' as const } : {}) }] : [];
    }),
  };
}

function OrderLink(props: CustomCellRendererProps & { area: Area }) {
  const d = props.data as { orderId?: string; orderNumber?: number } | undefined;
  if (!d?.orderNumber) return null;
  return (
    <Link className="or-link" to={orderPath(props.area, d.orderNumber)} onMouseDown={(e) => e.stopPropagation()} data-testid="open-order" data-order={d.orderNumber}>
      {d.orderNumber}
    </Link>
  );
}

/** A status in the user's language; data-status keeps the value itself. */
function StatusCell(props: CustomCellRendererProps & { labels: Record<string, MessageDescriptor> }) {
  const intl = useIntl();
  const v = typeof props.value === 'string' ? props.value : '';
  if (!v) return null;
  return (
    <span className={`or-status or-status--${v.toLowerCase().replace(/\s+/g, '-')}`} data-testid="order-status" data-status={v}>
      {enumLabel(intl, props.labels, v)}
    </span>
  );
}

/** An order's status, or a line's in the sample styles view (the lines' own statuses). */
const statusLabels = { ...lineStatusLabels, ...orderStatusLabels };

export function listExtras(area: Area, intl: IntlShape): ColumnExtras {
  return {
    orderNumber: { cellRenderer: OrderLink, cellRendererParams: { area }, pinned: 'left' },
    // The value formatters word the group rows when a list is grouped by these columns.
    status: { cellRenderer: StatusCell, cellRendererParams: { labels: statusLabels }, valueFormatter: enumFormatter(intl, statusLabels) },
    orderApprovalStatus: {
      cellRenderer: StatusCell,
      cellRendererParams: { labels: approvalStatusLabels },
      valueFormatter: enumFormatter(intl, approvalStatusLabels),
    },
    productType: { valueFormatter: enumFormatter(intl, productTypeLabels) },
  };
}
