/** Hands a value of the grid's toolbar state to the page (after render, never during it). */
import { useEffect } from 'react';
import type { GridUi } from '@its/grid';

export function GridUiBridge({ ui, onChange }: { ui: GridUi; onChange: (rowCount: number) => void }) {
  useEffect(() => onChange(ui.rowCount), [ui.rowCount, onChange]);
  return null;
}
