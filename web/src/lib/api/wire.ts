/**
 * The server's types as the web holds them. `schema.gen.ts` and `events.gen.ts` are generated
 * from the server's OpenAPI document (scripts/gen-wire.sh; docs/decisions/generated-wire-contract.md)
 * and say what goes over the wire: snake_case keys, and every `Option` field optional. The API
 * client and the socket camelCase every key (lib/case), and the server writes every field of
 * what it answers (`null` for none), so:
 * - `View<'X'>` is schema X as an answer reads: keys camelCased, nullable fields always present;
 * - `Body<'X'>` is schema X as a request is written: keys camelCased, optional fields optional.
 * A feature's `types.ts` names these instead of declaring the shapes again, so a change on the
 * server that the web does not follow fails `tsc`.
 */
import type { components } from './schema.gen';
import type { WireEvents } from './events.gen';

export type Schemas = components['schemas'];

/** `user_name` → `userName`, as lib/case's `toCamel`. */
type CamelKey<S> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelKey<Tail>>}` : S;

/** The keys whose values may be null (utoipa leaves `Option` fields out of `required`). */
type NullableKey<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];

type Flat<T> = { [K in keyof T]: T[K] };

/** An answer after `camelize`: nullable fields are present (the server writes `null`). */
export type Camel<T> = T extends readonly (infer Item)[]
  ? Camel<Item>[]
  : T extends object
    ? Flat<
        { [K in keyof T as K extends NullableKey<T> ? never : CamelKey<K>]: Camel<T[K]> } & {
          [K in keyof T as K extends NullableKey<T> ? CamelKey<K> : never]-?: Camel<Exclude<T[K], undefined>>;
        }
      >
    : T;

/** A request before `snakify`: camelCase keys, optional as the server reads them. */
export type CamelBody<T> = T extends readonly (infer Item)[]
  ? CamelBody<Item>[]
  : T extends object
    ? { [K in keyof T as CamelKey<K>]: CamelBody<T[K]> }
    : T;

/** Schema `N` as an answer reads. */
export type View<N extends keyof Schemas> = Camel<Schemas[N]>;

/** Schema `N` as a request body is written. */
export type Body<N extends keyof Schemas> = CamelBody<Schemas[N]>;

/** Every event the server pushes, by name, with its payload as the client receives it. */
export type ServerEvents = { [K in keyof WireEvents]: Camel<WireEvents[K]> };
