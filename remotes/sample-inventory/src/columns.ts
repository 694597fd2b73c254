/** Column headers and tracking actions of the sample inventory in the user's language. */
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { GridColumn } from '@its/grid';

const headers: Record<string, MessageDescriptor> = defineMessages({
  library: { id: 'sampleInventory.column.library', defaultMessage: 'Library' },
  division: { id: 'sampleInventory.column.division', defaultMessage: 'Division' },
  style: { id: 'sampleInventory.column.style', defaultMessage: 'Style' },
  color: { id: 'sampleInventory.column.color', defaultMessage: 'Color' },
  size: { id: 'sampleInventory.column.size', defaultMessage: 'Size' },
  side: { id: 'sampleInventory.column.side', defaultMessage: 'Side' },
  status: { id: 'sampleInventory.column.status', defaultMessage: 'Status' },
  gender: { id: 'sampleInventory.column.gender', defaultMessage: 'Gender' },
  moldNum: { id: 'sampleInventory.column.moldNum', defaultMessage: 'Mold #' },
  moldDate: { id: 'sampleInventory.column.moldDate', defaultMessage: 'Mold Date' },
  bin: { id: 'sampleInventory.column.bin', defaultMessage: 'Bin' },
  totalQty: { id: 'sampleInventory.column.totalQty', defaultMessage: 'Total Qty' },
  onHandQty: { id: 'sampleInventory.column.onHandQty', defaultMessage: 'On Hand Qty' },
  region: { id: 'sampleInventory.column.region', defaultMessage: 'Region' },
  aisle: { id: 'sampleInventory.column.aisle', defaultMessage: 'Aisle' },
  direction: { id: 'sampleInventory.column.direction', defaultMessage: 'Direction' },
  level: { id: 'sampleInventory.column.level', defaultMessage: 'Level' },
  shelf: { id: 'sampleInventory.column.shelf', defaultMessage: 'Shelf' },
  newBin: { id: 'sampleInventory.column.newBin', defaultMessage: 'New Bin' },
  trackingAction: { id: 'sampleInventory.column.trackingAction', defaultMessage: 'Tracking Action' },
  createdByUser: { id: 'sampleInventory.column.createdByUser', defaultMessage: 'Created By' },
  createdDate: { id: 'sampleInventory.column.createdDate', defaultMessage: 'Created' },
  modifiedDate: { id: 'sampleInventory.column.modifiedDate', defaultMessage: 'Modified' },
});

/** The header of a column: ours when we know the field, else the server's. */
export function headerOf(intl: IntlShape, col: Pick<GridColumn, 'field' | 'headerName'>): string {
  const d = headers[col.field];
  return d ? intl.formatMessage(d) : col.headerName;
}

export function fieldLabel(intl: IntlShape, field: string): string {
  const d = headers[field];
  return d ? intl.formatMessage(d) : field;
}

const actions: Record<string, MessageDescriptor> = defineMessages({
  Created: { id: 'sampleInventory.action.created', defaultMessage: 'Created' },
  Updated: { id: 'sampleInventory.action.updated', defaultMessage: 'Updated' },
  Deleted: { id: 'sampleInventory.action.deleted', defaultMessage: 'Deleted' },
  Restored: { id: 'sampleInventory.action.restored', defaultMessage: 'Restored' },
  'Transferred to Sales': { id: 'sampleInventory.action.transferredToSales', defaultMessage: 'Transferred to Sales' },
  'Transferred from Production': { id: 'sampleInventory.action.transferredFromProduction', defaultMessage: 'Transferred from Production' },
  Note: { id: 'sampleInventory.action.note', defaultMessage: 'Note' },
  'Count Verified': { id: 'sampleInventory.action.countVerified', defaultMessage: 'Count Verified' },
  'Checked Out': { id: 'sampleInventory.action.checkedOut', defaultMessage: 'Checked Out' },
  Returned: { id: 'sampleInventory.action.returned', defaultMessage: 'Returned' },
  'Sent to Photo Shoot': { id: 'sampleInventory.action.sentToPhotoShoot', defaultMessage: 'Sent to Photo Shoot' },
});

/** A tracking action in the user's language (unknown ones as the server names them). */
export function actionLabel(intl: IntlShape, action: string): string {
  const d = actions[action];
  return d ? intl.formatMessage(d) : action;
}
