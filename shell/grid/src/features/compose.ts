/**
 * Composes the grid controller from its features, as TanStack Table builds its table: each
 * feature is a class of methods written with the controller as `this`; their methods are laid
 * onto the controller's prototype. A name two features (or the controller and a feature) both
 * define is a mistake and fails at once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor = abstract new (...args: any[]) => object;

export function compose(target: Ctor, features: Ctor[]): void {
  const owner = new Map<string, string>();
  for (const name of Object.getOwnPropertyNames(target.prototype)) owner.set(name, target.name);
  for (const feature of features) {
    for (const name of Object.getOwnPropertyNames(feature.prototype)) {
      if (name === 'constructor') continue;
      const taken = owner.get(name);
      if (taken) throw new Error(`Grid feature ${feature.name} redefines ${name} of ${taken}`);
      owner.set(name, feature.name);
      Object.defineProperty(target.prototype, name, Object.getOwnPropertyDescriptor(feature.prototype, name)!);
    }
  }
}
