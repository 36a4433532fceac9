import { configureZod } from './zod-config';

/**
 * Values built on first use. Building zod schemas was the largest part of evaluating the signed-in
 * code on a phone (about half of that task in a Lighthouse trace), yet a screen uses a few of them and
 * most only when a form is sent. `lazy(() => z.object(…))` is a stand-in with the built value's type
 * that builds it the first time anything reads it (a property, `in`, its keys, its prototype); every
 * read after that goes to the built value. The stand-in is what other modules hold, so a schema built
 * from lazy ones is built when it is first read, and builds them then.
 *
 * Also for the maps of fields the forms and schemas share (`{ title: …, message: … }`): spreading or
 * enumerating a stand-in reads the built map's keys.
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  // zod's JIT is turned off before the first schema is built (schema/zod-config.ts).
  const value = () => (built ??= (configureZod(), build()));
  // The target only anchors the proxy: every trap answers from the built value. Descriptors are
  // reported configurable, which a proxy may say of keys its (extensible, empty) target lacks.
  return new Proxy(Object.create(null) as T, {
    get: (_, key) => Reflect.get(value(), key),
    set: (_, key, v) => Reflect.set(value(), key, v),
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(value(), key);
      return d && { ...d, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
    defineProperty: (_, key, d) => Reflect.defineProperty(value(), key, d),
    deleteProperty: (_, key) => Reflect.deleteProperty(value(), key),
  });
}
