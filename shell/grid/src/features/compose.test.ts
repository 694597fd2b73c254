import { describe, expect, it } from 'vitest';
import { GridController } from '../controller';
import { compose } from './compose';

describe('compose', () => {
  it("lays a feature's methods and getters onto the target with the target as this", () => {
    class Target {
      n = 2;
    }
    class Double {
      twice(this: Target & Double): number {
        return this.n * 2;
      }
      get half(): number {
        return (this as unknown as Target).n / 2;
      }
    }
    compose(Target, [Double]);
    const t = new Target() as Target & Double;
    expect(t.twice()).toBe(4);
    expect(t.half).toBe(1);
  });

  it('refuses a name two features define', () => {
    class Target {}
    class A {
      go() {}
    }
    class B {
      go() {}
    }
    expect(() => compose(Target, [A, B])).toThrow('Grid feature B redefines go of A');
  });

  it('the grid controller has every feature', () => {
    const ctrl = new GridController();
    for (const name of ['load', 'setGroupBy', 'setWhere', 'setCells', 'acceptRows', 'addRow', 'setRange', 'paste', 'openEditCells', 'exportRequest']) {
      expect(typeof (ctrl as unknown as Record<string, unknown>)[name]).toBe('function');
    }
  });
});
