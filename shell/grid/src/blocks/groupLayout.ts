/**
 * Groups counted on the server over a view read by scrolling (a source with `groups`): the rows
 * come sorted by the group column first, so the groups' counts say where each group starts, and
 * every row's place among the group header rows is arithmetic. A data position is a row's place
 * in the server's order (what a block's `skip` counts); a slot is its place in the grid with one
 * header row before each group's first member.
 */
import { groupRowId, type GroupRow } from '../grouping';

/** One group as the server counts it (value null: the rows without a value). */
export interface ServerGroup {
  value: unknown;
  count: number;
}

/** The key of a server group's value: a NULL is a group of its own, apart from an empty text. */
export const NULL_GROUP_KEY = '\u0000';

export function serverGroupKey(value: unknown): string {
  return value === null || value === undefined ? NULL_GROUP_KEY : String(value);
}

export class GroupLayout {
  /** The data position of each group's first member. */
  private readonly starts: number[] = [];
  readonly keys: string[] = [];
  readonly total: number;

  constructor(
    readonly field: string,
    readonly groups: readonly ServerGroup[],
  ) {
    let at = 0;
    for (const g of groups) {
      this.starts.push(at);
      this.keys.push(serverGroupKey(g.value));
      at += Math.max(0, g.count);
    }
    this.total = at;
  }

  /** The group a data position falls in (the last group whose start is at or before it). */
  groupOf(pos: number): number {
    return this.lastGroup((i) => this.starts[i]! <= pos);
  }

  /** The slot of the row at a data position: after its group's header and every earlier group. */
  slot(pos: number): number {
    return pos + this.groupOf(pos) + 1;
  }

  /** The same groups with group i counting `by` rows more (a row another user added, or fewer: deleted). */
  counted(i: number, by: number): GroupLayout {
    return new GroupLayout(
      this.field,
      this.groups.map((g, j) => (j === i ? { value: g.value, count: Math.max(0, g.count + by) } : g)),
    );
  }

  /** The group of a key (serverGroupKey), -1 when the view has no such group. */
  indexOf(key: string): number {
    return this.keys.indexOf(key);
  }

  /** The data position after group i's last member. */
  end(i: number): number {
    return this.starts[i]! + Math.max(0, this.groups[i]!.count);
  }

  /** The data position of group i's first member. */
  start(i: number): number {
    return this.starts[i]!;
  }

  /** The slot of group i's header row. */
  headerSlot(i: number): number {
    return this.starts[i]! + i;
  }

  /** The data position of a member's slot; -1 for a header's. */
  dataPos(slot: number): number {
    const g = this.lastGroup((i) => this.headerSlot(i) <= slot);
    return slot === this.headerSlot(g) ? -1 : slot - g - 1;
  }

  /** The last group for which `before` holds (it holds for a prefix of the groups), 0 for none. */
  private lastGroup(before: (i: number) => boolean): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (before(mid)) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The header rows, one per group, with the server's counts. */
  headers(): GroupRow[] {
    return this.groups.map((g, i) => {
      const key = this.keys[i]!;
      return { id: groupRowId(this.field, key), version: 0, __group: { field: this.field, key, value: g.value ?? null, count: g.count } };
    });
  }
}
